import { Body, Controller, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { ApplicationIdDto } from '../common/application-id.dto';
import { OwnerSetDto } from './owner-set.dto';
import { OwnersService } from './owners.service';
import { Idempotent } from '../common/idempotency/idempotency.interceptor';

@Controller('owner')
@UseGuards(SessionGuard)
export class OwnersController {
  constructor(private readonly owners: OwnersService) {}

  /** The owner set is made at sign-up; this answers it (POST /owner). */
  @Post()
  @HttpCode(200)
  create(@Body() body: ApplicationIdDto, @CurrentUser() user: SignedIn) {
    return this.owners.forApplication(body.applicationId, user.userId);
  }

  @Get('application/:applicationId')
  forApplication(@Param('applicationId') id: string, @CurrentUser() user: SignedIn) {
    return this.owners.forApplication(id, user.userId);
  }

  @Patch(':id')
  @Idempotent()
  update(@Param('id') id: string, @Body() body: OwnerSetDto, @CurrentUser() user: SignedIn) {
    return this.owners.update(id, user.userId, body);
  }
}
