import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Types } from 'mongoose';
import { FILE_CODES, FILE_TYPES, API_CODES, statementsSubmittedView, type StatementsSubmittedView } from '@portal/libs';
import { submitApplication, submitStatements, type StoredDocument } from '@portal/workflows';
import { ApplicationProgress } from '../applications/application-progress.service';
import { APPLICATION_STATUS_SUBMITTED, ApplicationsService } from '../applications/applications.service';
import { OffersService, SELECT_AN_OFFER, UNKNOWN_ERROR } from '../offers/offers.service';
import { StagesService } from '../stages/stages.service';
import { ApplicationWorkflows, JourneyRefusal } from '../temporal/application-workflows.service';
import { FilesService } from './files.service';

/** The final documents: each of the two is uploaded, or marked 'I don't have this'. */
export const DOCUMENTS_REQUIRED = API_CODES.documentsRequired;
export type DocumentAnswer = 'uploaded' | 'notAvailable';

/** The bank statements' submission and the final submission, each one durable step of the workflow. */
@Injectable()
export class SubmissionService {
  constructor(
    private readonly workflows: ApplicationWorkflows,
    private readonly applications: ApplicationsService,
    private readonly stages: StagesService,
    private readonly offers: OffersService,
    private readonly files: FilesService,
    private readonly progress: ApplicationProgress,
  ) {}

  /**
   * The workflow's answer is the truth: it took the statements, so they are submitted, whether or not the
   * CRM converted the lead in time (in an outage the conversion waits in the workflow). The record keeps
   * that for the session's answer, beside the stage. `seen`: the statements the page counted its months on;
   * others stored (one added or removed on another device or tab) refuse it, for the page to count again.
   */
  async submitStatements(id: string, userId: string, seen?: readonly string[]): Promise<StatementsSubmittedView> {
    await this.applications.checkOwner(id, userId);
    // The statements go with the submission (no signal was sent for each while at this step).
    const statements = bankStatements(await this.files.documentsOf(new Types.ObjectId(id)));
    if (seen && !sameIds(seen, statements)) throw new ConflictException(FILE_CODES.statementsChanged);
    const position = await this.workflows.update(id, submitStatements, [statements], FILE_CODES.unknown);
    const [stage] = await Promise.all([this.stages.save(id, position), this.applications.markStatementsSubmitted(id)]);
    const app = await this.applications.owned(id, userId);
    return statementsSubmittedView(app, stage);
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
    // Independent reads at once (the applicant waits on this call).
    const [selected, stored] = await Promise.all([this.offers.hasSelection(app._id), this.files.documentsOf(app._id)]);
    const uploaded = documents.map(
      ([answer, type]) => answer === 'uploaded' && stored.some((f) => f.fileType === type),
    );
    // What the workflow copies to the opportunity before submitting it: the last voided check and driver's
    // license (no signal was sent for them on upload: a replaced one is never copied), and the statements
    // once more (the workflow takes each file once): one stored while they were being submitted.
    const carried = [...bankStatements(stored), ...lastDocuments(stored)];
    if (!selected) throw new BadRequestException(SELECT_AN_OFFER);
    if (documents.some(([answer], i) => answer !== 'notAvailable' && !uploaded[i]))
      throw new BadRequestException(DOCUMENTS_REQUIRED);
    // Submitted before (a double click, a reload): the workflow's answer stands, and its run may have ended
    // (no update reaches it then). The workflow is asked only when the record says submitted, or
    // the update finds the run ended (a repeat that overtook the first one's record write); a first
    // submission goes straight to the update, a workflow query fewer per journey. A closed run's answer is
    // read from its result and kept (ApplicationProgress), never replayed again.
    const submittedBefore = async () => {
      const done = await this.progress.of(app);
      return done.rep && done.position.pageStep === 3 ? { ...done.rep, position: done.position } : undefined;
    };
    const result =
      (app.applicationStatus === APPLICATION_STATUS_SUBMITTED ? await submittedBefore() : undefined) ??
      (await this.workflows.update(id, submitApplication, [carried], UNKNOWN_ERROR).catch(async (e: unknown) => {
        // The run ended under it: a twin admitted while the first submission's workflow task ended the run
        // is answered 'not found' by Temporal rather than 'completed'. The application exists (read above).
        const ended =
          (e instanceof JourneyRefusal && e.code === 'APPLICATION_CLOSED') || e instanceof NotFoundException;
        if (!ended) throw e;
        const done = await submittedBefore();
        if (!done) throw e;
        return done;
      }));
    const stage = await this.stages.save(id, result.position);
    await this.applications.markSubmitted(app);
    return { repName: result.repName, schedulingLink: result.schedulingLink, stage };
  }
}

const bankStatements = (files: StoredDocument[]) => files.filter((f) => f.fileType === FILE_TYPES.bankStatement);

/** The voided check and the driver's license the applicant uploaded last (files are oldest first). */
const lastDocuments = (files: StoredDocument[]) =>
  [FILE_TYPES.voidedCheck, FILE_TYPES.driversLicense].flatMap((type) =>
    files.filter((f) => f.fileType === type).slice(-1),
  );

/** The ids a page saw are the stored files' own, no more and no fewer (in any order). */
const sameIds = (seen: readonly string[], files: StoredDocument[]) => {
  const stored = new Set(files.map((f) => f.fileId));
  return new Set(seen).size === stored.size && seen.every((id) => stored.has(id));
};
