import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { getProgress, type ApplicationEnd, type ProgressAnswer } from '@portal/workflows';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { Application } from './application.schema';

/** How an application ends: its record's status (the api writes Submitted, the worker the others) and its run's. */
const ENDS: readonly string[] = ['Submitted', 'Withdrawn', 'Abandoned'] satisfies ApplicationEnd[];

/** What the reader needs of an application record, as any read of it (hydrated or plain) has it. */
export type ProgressSource = {
  _id: Types.ObjectId | string;
  applicationStatus?: string;
  progress?: ProgressAnswer | null;
};

/**
 * The application's progress for the applicant's pages: the status page and its 30-second poll, a co-owner's
 * view and signing link, the booking view's rep, the signature's status, a repeated submission.
 *
 * A closed run's progress never changes, and a query on a closed run replays its whole history in the worker
 * (0.1 to 0.2 CPU-s a read, measured). So the run's final answer is kept on the application record, the
 * document each of those reads already reads: from then on a read costs no call to Temporal and no database
 * round trip of its own. It is kept by the api, not the workflow: a write from the workflow would be an
 * activity, history events the journey's budget has no room for; the run's result is its final answer and
 * is read from the close event without running workflow code.
 *
 * While the run is open the workflow is asked, as before: the worker answers a query from its sticky cache
 * without a replay (a workflow pushed out of the cache replays once and is cached again). Operators'
 * GET /operations/applications/{id}/progress always queries: they want the live truth.
 */
@Injectable()
export class ApplicationProgress {
  private readonly logger = new Logger(ApplicationProgress.name);

  constructor(
    @InjectModel(Application.name) private readonly applications: Model<Application>,
    private readonly workflows: ApplicationWorkflows,
  ) {}

  async of(app: ProgressSource): Promise<ProgressAnswer> {
    if (app.progress) return app.progress;
    const id = String(app._id);
    if (ENDS.includes(app.applicationStatus ?? '')) return (await this.keepFinal(id)) ?? this.query(id);
    const live = await this.query(id);
    // Ended while the record does not say so yet (or its write was lost): kept once the run has closed.
    return ENDS.includes(live.operations.status) ? ((await this.keepFinal(id)) ?? live) : live;
  }

  private query(id: string): Promise<ProgressAnswer> {
    return this.workflows.query(id, getProgress);
  }

  /**
   * The closed run's final progress, kept on the record (one write, once per application); undefined while
   * the run is still closing (the CRM's last writes and the offer email after the submission's answer).
   */
  private async keepFinal(id: string): Promise<ProgressAnswer | undefined> {
    const final = await this.workflows.finalProgress(id);
    if (!final) return undefined;
    // Not kept (the database busy): the answer stands, and the next read tries again.
    await this.applications.collection
      .updateOne({ _id: new Types.ObjectId(id) }, { $set: { progress: final } })
      .catch((e: Error) => this.logger.warn({ msg: 'final progress not kept', applicationId: id, error: e.message }));
    return final;
  }
}
