import { Controller, Get, NotFoundException, Param, UseGuards } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { getProgress } from '@portal/workflows';
import { Application } from '../applications/application.schema';
import { CurrentUser, SessionGuard, type SignedIn } from '../auth/session.guard';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';

export const REP_NOT_FOUND = 'Rep not found';

/** GET /salesforce/opportunity/calandly/{id}: the rep's name and scheduling link, as the workflow learned them. */
@Controller('salesforce/opportunity')
@UseGuards(SessionGuard)
export class RepController {
  constructor(
    @InjectModel(Application.name) private readonly applications: Model<Application>,
    private readonly workflows: ApplicationWorkflows,
  ) {}

  @Get('calandly/:opportunityId')
  async rep(@Param('opportunityId') opportunityId: string, @CurrentUser() user: SignedIn) {
    const app = await this.applications.findOne({ sfOpportunityId: opportunityId, userId: user.userId });
    if (!app) throw new NotFoundException(REP_NOT_FOUND);
    const progress = await this.workflows.query(String(app._id), getProgress);
    if (!progress.rep) throw new NotFoundException(REP_NOT_FOUND);
    return { data: progress.rep };
  }
}
