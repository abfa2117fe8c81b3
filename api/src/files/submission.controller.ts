import { BadRequestException, Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { FILE_MESSAGES, FILE_TYPES } from '@portal/libs';
import { submitApplication, submitStatements } from '@portal/workflows';
import { ApplicationsService } from '../applications/applications.service';
import { CurrentUser, SessionGuard, type SignedIn } from '../auth/session.guard';
import { Offer } from '../offers/offer.schema';
import { UNKNOWN_ERROR } from '../offers/offers.controller';
import { StagesService } from '../stages/stages.service';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { StoredFile } from './file.schema';

/** Section 5: each of the two documents is uploaded, or marked 'I don't have this'. */
export const DOCUMENTS_REQUIRED =
  "Please upload your voided check and driver's license, or mark each one you don't have";
type DocumentAnswer = 'uploaded' | 'notAvailable';

/** Section 4 'Bank statements submit' and the final submission, each one durable step of the workflow. */
@Controller('application')
@UseGuards(SessionGuard)
export class SubmissionController {
  constructor(
    @InjectModel(Offer.name) private readonly offers: Model<Offer>,
    @InjectModel(StoredFile.name) private readonly files: Model<StoredFile>,
    private readonly workflows: ApplicationWorkflows,
    private readonly applications: ApplicationsService,
    private readonly stages: StagesService,
  ) {}

  @Post(':id/submit-statements')
  @HttpCode(200)
  async submit(@Param('id') id: string, @CurrentUser() user: SignedIn) {
    await this.applications.owned(id, user.userId);
    const position = await this.workflows.update(id, submitStatements, [], FILE_MESSAGES.unknown);
    const stage = await this.stages.save(id, position);
    const app = await this.applications.owned(id, user.userId);
    return { data: { sfOpportunityId: app.sfOpportunityId, stage } };
  }

  /**
   * Final submission: the selection must be saved, and the voided check and driver's license each
   * uploaded or marked missing. The workflow marks the opportunity submitted, emails the offer and
   * answers the rep; the stage moves to the last DOCUMENTS step.
   */
  @Post(':id/submit-application')
  @HttpCode(200)
  async submitApplication(
    @Param('id') id: string,
    @Body() body: { voidedCheck?: DocumentAnswer; driversLicense?: DocumentAnswer },
    @CurrentUser() user: SignedIn,
  ) {
    const app = await this.applications.owned(id, user.userId);
    const offer = await this.offers.findOne({ applicationId: app._id });
    if (!offer?.offerOptions.some((o) => o.isSelected === 'true'))
      throw new BadRequestException('Please select one of the offers');
    for (const [answer, type] of [
      [body.voidedCheck, FILE_TYPES.voidedCheck],
      [body.driversLicense, FILE_TYPES.driversLicense],
    ] as const) {
      if (answer === 'notAvailable') continue;
      if (answer !== 'uploaded' || !(await this.files.exists({ applicationId: app._id, fileType: type })))
        throw new BadRequestException(DOCUMENTS_REQUIRED);
    }
    const result = await this.workflows.update(id, submitApplication, [], UNKNOWN_ERROR);
    const stage = await this.stages.save(id, result.position);
    await this.applications.markSubmitted(app);
    return { data: { repName: result.repName, schedulingLink: result.schedulingLink, stage } };
  }
}
