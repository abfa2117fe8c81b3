// The workers' task backlog over time: Temporal's DescribeTaskQueue with reportStats (the server's
// approximate backlog count per task-queue type), sampled every few seconds for the application queue and
// its documents queue, workflow and activity tasks each. The dev server (1.32) answers it in classic mode.
import { Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { holdFor } from '../support/until';

export type BacklogSample = {
  at: number;
  queue: string;
  type: 'workflow' | 'activity';
  backlog: number;
  /** Tasks added and dispatched per second, as the server estimates them. */
  addRate: number;
  dispatchRate: number;
  pollers: number;
};

const TYPES = [
  ['workflow', temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW],
  ['activity', temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY],
] as const;

export async function sampleBacklog(address: string, queues: string[], everyMs = 2_000, namespace = 'default') {
  const connection = await Connection.connect({ address });
  const samples: BacklogSample[] = [];
  let errors = 0;
  let stopped = false;
  const once = async () => {
    const at = Date.now();
    for (const queue of queues)
      for (const [type, taskQueueType] of TYPES) {
        try {
          const res = await connection.workflowService.describeTaskQueue({
            namespace,
            taskQueue: { name: queue },
            taskQueueType,
            reportStats: true,
          });
          samples.push({
            at,
            queue,
            type,
            backlog: Number(res.stats?.approximateBacklogCount ?? 0),
            addRate: Number(res.stats?.tasksAddRate ?? 0),
            dispatchRate: Number(res.stats?.tasksDispatchRate ?? 0),
            pollers: res.pollers?.length ?? 0,
          });
        } catch {
          errors++;
        }
      }
  };
  const loop = (async () => {
    while (!stopped) {
      await once();
      await holdFor(everyMs, 'the sampling cadence');
    }
  })();
  return {
    samples,
    errors: () => errors,
    async stop() {
      stopped = true;
      await loop;
      await connection.close();
    },
  };
}
