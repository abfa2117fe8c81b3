import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  NotFoundException,
  Param,
  Patch,
  Post,
  UseGuards,
} from '@nestjs/common';
import { CurrentUser, SessionGuard, type SignedIn } from '../auth/session.guard';
import { ApplicationChangesDto, CreateApplicationDto } from './application.dto';
import { APPLICATION_NOT_FOUND, ApplicationsService } from './applications.service';

/** Section 4 'Lead on /giggle-finance': what each move does to the CRM lead. */
export const GIGGLE_LEAD_STATUS = {
  enter: { Status: 'Closed - Not Converted', Status_Detail__c: 'No Business Bank Account' },
  back: { Status: 'Open - Not Contacted', Status_Detail__c: null },
} as const;

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

  /** PATCH /application/{id}: partial changes, merged. */
  @Patch(':id')
  async update(@Param('id') id: string, @Body() body: ApplicationChangesDto, @CurrentUser() user: SignedIn) {
    const app = await this.applications.owned(id, user.userId);
    return this.applications.view(await this.applications.change(app, body));
  }

  /** /giggle-finance: entering closes the lead as not converted; Back reopens it. */
  @Post(':id/giggle-finance')
  @HttpCode(200)
  async giggle(@Param('id') id: string, @Body() body: { action?: unknown }, @CurrentUser() user: SignedIn) {
    const action = body.action;
    if (action !== 'enter' && action !== 'back') throw new BadRequestException('action must be enter or back');
    await this.applications.owned(id, user.userId);
    await this.applications.updateLead(id, { ...GIGGLE_LEAD_STATUS[action] });
    return { message: 'success' };
  }
}
