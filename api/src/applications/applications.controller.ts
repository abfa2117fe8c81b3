import { Body, Controller, HttpCode, NotFoundException, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { ApplicationChangesDto, CreateApplicationDto } from './application.dto';
import { APPLICATION_NOT_FOUND, ApplicationsService } from './applications.service';
import { Idempotent } from '../common/idempotency/idempotency.interceptor';

@Controller('application')
@UseGuards(SessionGuard)
export class ApplicationsController {
  constructor(private readonly applications: ApplicationsService) {}

  /**
   * POST /application. Sign-up already made the user's one application (with its workflow and CRM
   * lead), so this answers that application, applying the changes given: a repeat is harmless.
   * Another user's id answers 404.
   */
  @Post()
  @HttpCode(200)
  async create(@Body() body: CreateApplicationDto, @CurrentUser() user: SignedIn) {
    if (body.userId && body.userId !== user.userId) throw new NotFoundException(APPLICATION_NOT_FOUND);
    const { userId: _ignored, ...changes } = body;
    return this.applications.view(await this.applications.changeForUser(user.userId, changes));
  }

  // POST /application/{id}/giggle-finance is the businesses module's (giggle.controller.ts): it answers
  // the business's bank account question.

  /** PATCH /application/{id}: partial changes, merged. */
  @Patch(':id')
  @Idempotent()
  async update(@Param('id') id: string, @Body() body: ApplicationChangesDto, @CurrentUser() user: SignedIn) {
    const app = await this.applications.owned(id, user.userId);
    return this.applications.view(await this.applications.change(app, body));
  }
}
