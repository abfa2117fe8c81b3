import type { InjectedSinks } from '@temporalio/worker';
import { ObjectId, type Db } from 'mongodb';
import type { ProgressAnswer, ProgressSinks } from '@portal/workflows';
import { recordsOf } from './records';

/** Pauses before a write that failed is tried again (MongoDB failing over, a busy moment). */
const RETRY_MS = [100, 500, 2_000];

/**
 * The `progressRecord` sink (watchProgress): the workflow's new progress answer onto the application record,
 * where the api's status poll reads it. The worker awaits it before it completes the workflow task, so the
 * record holds a change before Temporal hands out anything that follows from it. A write that still fails is
 * logged by the SDK; the record then shows the answer before until the next change or the watch's end (the
 * api renews the watch, whose update pushes the answer again).
 */
export function progressRecordSink(db: Db): InjectedSinks<ProgressSinks> {
  const records = recordsOf(db);
  return {
    progressRecord: {
      kept: {
        async fn(info, applicationId: string, answer: string, watchedUntil: number) {
          const liveProgress = {
            answer: JSON.parse(answer) as ProgressAnswer,
            runId: info.runId,
            watchedUntil: new Date(watchedUntil),
          };
          for (let attempt = 0; ; attempt++) {
            try {
              await records.applications.updateOne({ _id: new ObjectId(applicationId) }, { $set: { liveProgress } });
              return;
            } catch (e) {
              if (attempt >= RETRY_MS.length) throw e;
              await new Promise((r) => setTimeout(r, RETRY_MS[attempt]));
            }
          }
        },
      },
    },
  };
}
