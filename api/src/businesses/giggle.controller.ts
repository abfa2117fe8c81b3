import { BadRequestException, Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { API_CODES } from '@portal/libs';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { GiggleService } from './giggle.service';
import { Idempotent } from '../common/idempotency/idempotency.interceptor';

/** Section 2 '/giggle-finance': the route sits under /application; what it changes is the business's answer. */
@Controller('application')
@UseGuards(SessionGuard)
export class GiggleController {
  constructor(private readonly giggle: GiggleService) {}

  /** Entering closes the lead as not converted, with no business bank account; Back reopens it. */
  @Post(':id/giggle-finance')
  @Idempotent()
  @HttpCode(200)
  async move(@Param('id') id: string, @Body() body: { action?: unknown }, @CurrentUser() user: SignedIn) {
    const action = body.action;
    if (action !== 'enter' && action !== 'back') throw new BadRequestException(API_CODES.giggleActionInvalid);
    await this.giggle.move(id, user.userId, action);
    return { message: 'success' };
  }
}
