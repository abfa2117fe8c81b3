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
  liveProgress?: { answer: ProgressAnswer; runId: string; events: number } | null;
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
 * While the run is open, its answer changes only with its history (a query answers from the workflow's state,
 * which only a workflow task changes, and each adds events). So the api keeps the latest answer it read, with
 * the run and the history length it read it at (`liveProgress`), and a read asks Temporal only for the run's
 * history length (DescribeWorkflowExecution, no workflow code and no worker): unchanged, the kept answer is
 * served; grown, the workflow is queried once and the answer kept. A query costs the worker a workflow
 * task and Temporal its routing (about 9 and 5 ms of CPU a poll, measured); the status page polls every
 * 30 s mostly while nothing happens. Nothing is added to the workflow's history. Operators'
 * GET /operations/applications/{id}/progress always queries: they want the live truth.
 */
@Injectable()
export class ApplicationProgress {
  private readonly logger = new Logger(ApplicationProgress.name);

  constructor(
    @InjectModel(Application.name) private readonly applications: Model<Application>,
    private readonly workflows: ApplicationWorkflows,
  ) {}

  /** `kept: false`: an open run is queried, its answer neither read from nor kept on the record. */
  async of(app: ProgressSource, { kept = true }: { kept?: boolean } = {}): Promise<ProgressAnswer> {
    if (app.progress) return app.progress;
    const id = String(app._id);
    if (ENDS.includes(app.applicationStatus ?? '')) return (await this.keepFinal(id)) ?? this.query(id);
    const live = kept ? await this.live(id, app.liveProgress ?? undefined) : await this.query(id);
    // Ended while the record does not say so yet (or its write was lost): kept once the run has closed.
    return ENDS.includes(live.operations.status) ? ((await this.keepFinal(id)) ?? live) : live;
  }

  /**
   * The open run's progress: the kept answer while the run's history has not grown since it was read, else
   * a query, kept with the run's state read before it (a query that answers from a later state is kept as
   * older than it is: the next read queries again, never the other way round).
   */
  private async live(id: string, kept: ProgressSource['liveProgress']): Promise<ProgressAnswer> {
    const run = await this.workflows.runState(id);
    if (kept && kept.runId === run.runId && kept.events === run.events) return kept.answer;
    const answer = await this.query(id);
    if (!run.closed)
      await this.applications.collection
        .updateOne(
          { _id: new Types.ObjectId(id) },
          { $set: { liveProgress: { answer, runId: run.runId, events: run.events } } },
        )
        .catch((e: Error) => this.logger.warn({ msg: 'progress not kept', applicationId: id, error: e.message }));
    return answer;
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
      .updateOne({ _id: new Types.ObjectId(id) }, { $set: { progress: final }, $unset: { liveProgress: '' } })
      .catch((e: Error) => this.logger.warn({ msg: 'final progress not kept', applicationId: id, error: e.message }));
    return final;
  }
}
