import { proxyActivities, sleep } from '@temporalio/workflow';
import type { ErasureActivities, ErasurePlan } from './activities';

const a = proxyActivities<ErasureActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

/**
 * A deleted account's kept records (a submitted application's, docs/security.md): they wait until the day
 * after `keepUntil`, then go like everything else did. A durable timer: restarts and deploys keep it.
 */
export async function retentionWorkflow(plan: ErasurePlan): Promise<number> {
  const end = Date.parse(`${plan.keepUntil}T00:00:00Z`) + 24 * 3600_000;
  if (end > Date.now()) await sleep(end - Date.now());
  return a.purgeKeptRecords(plan);
}
