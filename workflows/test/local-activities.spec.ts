import { describe, expect, inject, it } from 'vitest';
import { getProgress, startSigning, withdrawApplication } from '../src';
import { startFaultProxy } from '../../tests/support/fault-proxy';
import { createApplicationWorker } from '../../worker/src/worker';
import { workflowSlice } from './workflow.spec-setup';

// Two local activities in flight at once can resolve in one activation when first run but in two on
// replay, and the replay then fails as nondeterministic: the run's local activities go one at a time.
const room = workflowSlice();

describe('applicationWorkflow local activities', () => {
  it("runs an update's local activity after the lead's creation, not beside it, and the run replays", async () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaad1';
    await room.withOwner(id, true);
    const leads = () => room.slice.crm.records('Lead').filter((r) => r.Portal_Application_Id__c === id);
    // Box's first answer to the sign request's call is held 3 s: the lead made beside it would be made
    // within that window.
    const box = await startFaultProxy(room.slice.esign.url, { name: 'box' });
    box.inject({}, { kind: 'slow', delayMs: 3000 });
    const window: { leadBefore?: boolean; leadAfter?: boolean } = {};
    box.hook({
      onRequest: () => void (window.leadBefore ??= leads().length > 0),
      onResponse: () => void (window.leadAfter ??= leads().length > 0),
    });
    const taskQueue = `${room.slice.env.TEMPORAL_TASK_QUEUE}-one-at-a-time`;
    // No worker yet: the start and the update wait in Temporal and come in the run's first workflow task.
    const handle = await room.startApplication(id, 3600, {}, taskQueue);
    const signing = handle.executeUpdate(startSigning, { args: [] });
    const settings = {
      ...room.slice.settings.worker,
      TEMPORAL_TASK_QUEUE: taskQueue,
      BOX_API_URL: box.url,
      BOX_UPLOAD_URL: `${box.url}/api`,
    };
    const own = await createApplicationWorker(settings, { workflowBundleDir: inject('workflowBundleDir') });
    const running = own.run();
    try {
      expect((await signing).request.status).toBe('sent');
      // Made before Box was called or after it answered, never while it was held.
      expect(window.leadBefore || !window.leadAfter).toBe(true);
      await handle.signal(withdrawApplication, { by: 'operator' });
      await handle.result();
      // The query on the completed run replays its whole history.
      const progress = await handle.query(getProgress);
      expect(progress.operations).toMatchObject({ status: 'Withdrawn' });
      expect(leads()).toHaveLength(1);
    } finally {
      own.shutdown();
      await running;
      await own.close();
      await box.close();
    }
  });
});
