import { BadRequestException, Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CurrentUser, SessionGuard, type SignedIn } from '../auth/session.guard';
import { ApplicationsService } from './applications.service';

/** Section 4 'Lead on /giggle-finance': what each move does to the CRM lead. */
export const GIGGLE_LEAD_STATUS = {
  enter: { Status: 'Closed - Not Converted', Status_Detail__c: 'No Business Bank Account' },
  back: { Status: 'Open - Not Contacted', Status_Detail__c: null },
} as const;

@Controller('application')
@UseGuards(SessionGuard)
export class ApplicationsController {
  constructor(private readonly applications: ApplicationsService) {}

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
