import { condition, proxySinks } from '@temporalio/workflow';
import { PROGRESS_WATCH_MS, type ProgressAnswer, type ProgressSinks } from './messages';

const { progressRecord } = proxySinks<ProgressSinks>();

/**
 * watchProgress: while someone watches, every change of the progress answer goes to the application record
 * (the worker's sink, after the workflow task), so their polls read MongoDB only. A condition and a sink
 * call: no command and no event, so histories recorded before it replay unchanged.
 */
export class ProgressWatch {
  private until: number;

  constructor(
    private readonly applicationId: string,
    private readonly answer: () => ProgressAnswer,
    carried?: number,
  ) {
    this.until = carried ?? 0;
  }

  /** Watched from now for PROGRESS_WATCH_MS: the answer now (pushed with this workflow task). */
  watch(): ProgressAnswer {
    this.until = Date.now() + PROGRESS_WATCH_MS;
    return this.answer();
  }

  /** Carried to the next run on continue-as-new while the watch lasts. */
  get watchedUntil(): number | undefined {
    return this.until > Date.now() ? this.until : undefined;
  }

  /**
   * Pushes each new answer while watched (a new watch pushes even an unchanged one: its end is news too).
   * Conditions are judged after every job of an activation; the answer is built only while watched.
   */
  async keep(): Promise<never> {
    let sent = '';
    let sentUntil = 0;
    for (;;) {
      let now = '';
      await condition(
        () => this.until > Date.now() && (this.until !== sentUntil || (now = JSON.stringify(this.answer())) !== sent),
      );
      now ||= JSON.stringify(this.answer());
      sent = now;
      sentUntil = this.until;
      progressRecord.kept(this.applicationId, now, this.until);
    }
  }
}
