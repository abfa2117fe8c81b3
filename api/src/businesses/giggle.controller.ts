import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { GiggleMoveDto } from './giggle.dto';
import { GiggleService } from './giggle.service';
import { Idempotent } from '../common/idempotency/idempotency.interceptor';

/** The /giggle-finance page: the route sits under /application; what it changes is the business's answer. */
@Controller('application')
@UseGuards(SessionGuard)
export class GiggleController {
  constructor(private readonly giggle: GiggleService) {}

  /** Entering closes the lead as not converted, with no business bank account; Back reopens it. */
  @Post(':id/giggle-finance')
  @Idempotent()
  @HttpCode(200)
  async move(@Param('id') id: string, @Body() body: GiggleMoveDto, @CurrentUser() user: SignedIn) {
    await this.giggle.move(id, user.userId, body.action);
    return { message: 'success' };
  }
}
