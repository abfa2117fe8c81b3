import { BadRequestException, Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { FILE_CODES, FILE_TYPES, API_CODES } from '@portal/libs';
import { getProgress, submitApplication, submitStatements, type StoredDocument } from '@portal/workflows';
import { ApplicationsService } from '../applications/applications.service';
import { OffersService, SELECT_AN_OFFER, UNKNOWN_ERROR } from '../offers/offers.service';
import { StagesService } from '../stages/stages.service';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { FilesService } from './files.service';

/** Section 5: each of the two documents is uploaded, or marked 'I don't have this'. */
export const DOCUMENTS_REQUIRED = API_CODES.documentsRequired;
export type DocumentAnswer = 'uploaded' | 'notAvailable';

/** Section 4 'Bank statements submit' and the final submission, each one durable step of the workflow. */
@Injectable()
export class SubmissionService {
  constructor(
    private readonly workflows: ApplicationWorkflows,
    private readonly applications: ApplicationsService,
    private readonly stages: StagesService,
    private readonly offers: OffersService,
    private readonly files: FilesService,
  ) {}

  async submitStatements(id: string, userId: string) {
    await this.applications.checkOwner(id, userId);
    // Issue 26: the statements go with the submission (no signal was sent for each while at this step).
    const statements = bankStatements(await this.files.documentsOf(new Types.ObjectId(id)));
    const position = await this.workflows.update(id, submitStatements, [statements], FILE_CODES.unknown);
    const stage = await this.stages.save(id, position);
    const app = await this.applications.owned(id, userId);
    return { sfOpportunityId: app.sfOpportunityId, stage };
  }

  /**
   * Final submission: the selection must be saved, and the voided check and driver's license each
   * uploaded or marked missing. The workflow marks the opportunity submitted, emails the offer and
   * answers the rep; the stage moves to the last DOCUMENTS step.
   */
  async submitApplication(id: string, userId: string, answers: { voidedCheck?: unknown; driversLicense?: unknown }) {
    const app = await this.applications.owned(id, userId);
    const documents = [
      [answers.voidedCheck, FILE_TYPES.voidedCheck],
      [answers.driversLicense, FILE_TYPES.driversLicense],
    ] as const;
    // Independent reads at once (the applicant waits on this call); refused in the same order as before.
    const [selected, stored, progressOr] = await Promise.all([
      this.offers.hasSelection(app._id),
      this.files.documentsOf(app._id),
      // Submitted before (a double click, a reload): the workflow has ended, and its answer stands. Its
      // failure (Temporal unreachable) is told only after the applicant's own mistakes, as before.
      this.workflows.query(id, getProgress).then(
        (progress) => () => progress,
        (e: unknown) => () => {
          throw e;
        },
      ),
    ]);
    const uploaded = documents.map(
      ([answer, type]) => answer === 'uploaded' && stored.some((f) => f.fileType === type),
    );
    // The statements once more (the workflow takes each file once): one stored while they were being submitted.
    const statements = bankStatements(stored);
    if (!selected) throw new BadRequestException(SELECT_AN_OFFER);
    if (documents.some(([answer], i) => answer !== 'notAvailable' && !uploaded[i]))
      throw new BadRequestException(DOCUMENTS_REQUIRED);
    const done = progressOr();
    const result =
      done.rep && done.position.pageStep === 3
        ? { ...done.rep, position: done.position }
        : await this.workflows.update(id, submitApplication, [statements], UNKNOWN_ERROR);
    const stage = await this.stages.save(id, result.position);
    await this.applications.markSubmitted(app);
    return { repName: result.repName, schedulingLink: result.schedulingLink, stage };
  }
}

const bankStatements = (files: StoredDocument[]) => files.filter((f) => f.fileType === FILE_TYPES.bankStatement);
