import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { getProgress, isApplicationEnd, watchProgress, type ProgressAnswer } from '@portal/workflows';
import { ApplicationWorkflows, JourneyRefusal } from '../temporal/application-workflows.service';
import { Application } from './application.schema';

/** What the reader needs of an application record, as any read of it (hydrated or plain) has it. */
export type ProgressSource = {
  _id: Types.ObjectId | string;
  applicationStatus?: string;
  progress?: ProgressAnswer | null;
  liveProgress?: { answer: ProgressAnswer; runId: string; watchedUntil?: Date | string } | null;
};

/**
 * A watch is renewed this long before its end: the poll that finds less left renews it (the page polls every
 * 30 s, and the workflow's clock, its task's start, may run a little behind the api's).
 */
const RENEW_BEFORE_MS = 60_000;

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
 * While the run is open, a page that polls (the status page, a co-owner's) watches it: watchProgress, an
 * update, answers the progress and has the workflow push every change of it to the record for the next
 * half hour (PROGRESS_WATCH_MS; the worker's sink, awaited before the workflow task that made the change
 * completes: no event, no command). Until a minute before the watch ends, a poll is served from the record
 * it has already read: no call to Temporal and no worker (2.5 ms of CPU a poll in all processes, against
 * 8.5 to 9.5 when each poll asked Temporal for the run's history length and queried the workflow when it
 * had grown). Nothing is pushed while nobody watches: a journey nobody watches writes nothing more. Operators'
 * GET /operations/applications/{id}/progress always queries: they want the live truth.
 */
@Injectable()
export class ApplicationProgress {
  private readonly logger = new Logger(ApplicationProgress.name);

  constructor(
    @InjectModel(Application.name) private readonly applications: Model<Application>,
    private readonly workflows: ApplicationWorkflows,
  ) {}

  /** `kept: false`: an open run is queried, neither watched nor read from the record (the signature page). */
  async of(app: ProgressSource, { kept = true }: { kept?: boolean } = {}): Promise<ProgressAnswer> {
    if (app.progress) return app.progress;
    const id = String(app._id);
    if (isApplicationEnd(app.applicationStatus)) return (await this.keepFinal(id)) ?? this.query(id);
    const live = kept ? await this.live(id, app.liveProgress ?? undefined) : await this.query(id);
    // Ended while the record does not say so yet (or its write was lost): kept once the run has closed.
    return isApplicationEnd(live.operations.status) ? ((await this.keepFinal(id)) ?? live) : live;
  }

  /**
   * The open run's progress: the record's while the workflow pushes it there (watched), else a new watch,
   * whose answer the workflow has pushed by the time it comes back.
   */
  private async live(id: string, kept: ProgressSource['liveProgress']): Promise<ProgressAnswer> {
    const until = kept?.watchedUntil ? new Date(kept.watchedUntil).getTime() : 0;
    if (kept && until - Date.now() > RENEW_BEFORE_MS) return kept.answer;
    return this.workflows.update(id, watchProgress, []).catch(async (e: unknown) => {
      // Ended while the record does not say so yet: the final answer once the run has closed.
      if (!(e instanceof JourneyRefusal && e.code === 'APPLICATION_CLOSED')) throw e;
      return (await this.keepFinal(id)) ?? this.query(id);
    });
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
