import { describe, expect, inject, it } from 'vitest';
import { MongoClient, ObjectId } from 'mongodb';
import {
  applicationWorkflowId,
  getProgress,
  moveStage,
  retryCrmSync,
  updateLead,
  SEARCH_ATTRIBUTES,
  OPERATOR_QUERIES,
} from '../src';
import { SEARCH_ATTRIBUTES as STACK_SEARCH_ATTRIBUTES } from '../../stack/stack';
import { startMongoCut } from '../../tests/support/mongo-cut';
import { eventually, holdFor } from '../../tests/support/until';
import { createApplicationWorker } from '../../worker/src/worker';
import { NEXT, SA_KEYS, recordHistory, workflowSlice } from './workflow.spec-setup';

// The CRM lead and what operators see: lead changes in order, continue-as-new, search attributes, and
// nothing lost while the worker is down.
const room = workflowSlice();
const { startApplication } = room;

describe('applicationWorkflow', () => {
  it('writes lead changes in order, the later value winning', async () => {
    const handle = await startApplication('aaaaaaaaaaaaaaaaaaaaaaa3');
    await handle.executeUpdate(moveStage, { args: [NEXT] });
    await handle.signal(updateLead, { City: 'Hampton', Industry: 'Aerospace' });
    await handle.signal(updateLead, { City: 'Langley' });
    const lead = await eventually(async () => {
      const l = room.slice.crm.records('Lead').find((r) => r.Email === 'aaaaaaaaaaaaaaaaaaaaaaa3@example.com');
      return l?.City === 'Langley' && l.Industry === 'Aerospace' ? l : undefined;
    });
    expect(lead).toMatchObject({ City: 'Langley', Industry: 'Aerospace' });

    await recordHistory(handle, 'application-lead-and-stage.pb');
  });

  it('continues as new past its event bound, carrying the journey, the lead and the stall clock', async () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaac1';
    const handle = await startApplication(id, undefined, { timing: { maxEventsPerRun: 40 } });
    const firstRun = (await handle.describe()).runId;
    await eventually(async () => ((await handle.query(getProgress)).sfLeadId ? true : undefined));
    // Back and forth across the financial step: each move is an update with its events.
    for (let i = 0; i < 12; i++) {
      await handle.executeUpdate(moveStage, { args: [NEXT] });
      await handle.executeUpdate(moveStage, { args: [{ to: 'back' }] });
    }
    await handle.executeUpdate(moveStage, { args: [NEXT] });
    const progress = await handle.query(getProgress);
    expect(progress.operations!.runs).toBeGreaterThanOrEqual(1);
    expect(progress.position).toMatchObject({ pageName: 'BUSINESS', pageStep: 1 });
    const first = room.client.workflow.getHandle(applicationWorkflowId(id), firstRun);
    expect((await first.describe()).status.name).toBe('CONTINUED_AS_NEW');
    // The lead travelled with the journey: the next run writes changes to the same lead.
    await handle.signal(updateLead, { City: 'Hampton' });
    await eventually(async () =>
      room.slice.crm.records('Lead').find((r) => r.Id === progress.sfLeadId)?.City ? true : undefined,
    );
    const current = await handle.describe();
    expect(current.status.name).toBe('RUNNING');
    expect(current.runId).not.toBe(firstRun);
    expect(current.typedSearchAttributes.get(SA_KEYS.stage)).toBe('BUSINESS');
    await recordHistory(first, 'application-continue-as-new.pb');
  });

  it('shows operators the stage, step, status and lead in search attributes, and the same in getProgress', async () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaac2';
    const handle = await startApplication(id);
    await handle.executeUpdate(moveStage, { args: [NEXT] });
    await handle.signal(updateLead, { Country: 'CA' });
    const sa = await eventually(async () => {
      const d = await handle.describe();
      // Settled: the lead made and the change written (CrmSyncPending is true while the update is in flight).
      const settled =
        d.typedSearchAttributes.get(SA_KEYS.country) === 'CA' &&
        d.typedSearchAttributes.get(SA_KEYS.lead) &&
        d.typedSearchAttributes.get(SA_KEYS.crmSyncPending) === false;
      return settled ? d.typedSearchAttributes : undefined;
    });
    expect(sa.get(SA_KEYS.stage)).toBe('BUSINESS');
    expect(sa.get(SA_KEYS.step)).toBe(1);
    expect(sa.get(SA_KEYS.status)).toBe('InProgress');
    expect(sa.get(SA_KEYS.crmSyncPending)).toBe(false);
    expect(sa.get(SA_KEYS.stalledSince)).toBeInstanceOf(Date);
    // Whole minutes: progress within a minute adds no upsert.
    expect((sa.get(SA_KEYS.stalledSince) as Date).getTime() % 60_000).toBe(0);
    const { operations } = await handle.query(getProgress);
    expect(operations).toMatchObject({ status: 'InProgress', turn: 'applicant', pending: [], remindersSent: 0 });
    // workflows/README.md's operator filters run as written (visibility catches up within a moment).
    const listed = async (query: string) => {
      const ids: string[] = [];
      for await (const w of room.client.workflow.list({ query })) ids.push(w.workflowId);
      return ids;
    };
    const soon = Date.now() + 3_600_000;
    const stalled = await eventually(async () => {
      const ids = await listed(OPERATOR_QUERIES.stalledFor(0.5, soon, 'BUSINESS'));
      return ids.includes(handle.workflowId) ? ids : undefined;
    });
    expect(stalled).toContain(handle.workflowId);
    expect(await listed(OPERATOR_QUERIES.stalledFor(2, soon))).not.toContain(handle.workflowId);
    expect(await listed(OPERATOR_QUERIES.waitingOnSignature())).not.toContain(handle.workflowId);
    expect(await listed(OPERATOR_QUERIES.crmSyncFailing())).not.toContain(handle.workflowId);
    expect(await listed(OPERATOR_QUERIES.abandonedSince(Date.now() - 7 * 86_400_000))).not.toContain(handle.workflowId);
    // The stack registers exactly the attributes the workflow sets.
    expect(STACK_SEARCH_ATTRIBUTES).toEqual(SEARCH_ATTRIBUTES);
  });

  it('loses nothing while the worker is down: the signal and the move wait in Temporal, the journey goes on', async () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaac5';
    const taskQueue = `${room.slice.env.TEMPORAL_TASK_QUEUE}-down`;
    const settings = { ...room.slice.settings.worker, TEMPORAL_TASK_QUEUE: taskQueue };
    let own = await createApplicationWorker(settings, { workflowBundleDir: inject('workflowBundleDir') });
    let running = own.run();
    const handle = await startApplication(id, undefined, {}, taskQueue);
    const { sfLeadId } = await eventually(async () => {
      const p = await handle.query(getProgress);
      return p.sfLeadId ? p : undefined;
    });
    own.shutdown();
    await running;
    await own.close();

    await handle.signal(updateLead, { City: 'Norfolk' });
    const move = handle.executeUpdate(moveStage, { args: [NEXT] });
    await holdFor(1000, 'with no worker running, the lead must stay as it was through this window');
    expect(room.slice.crm.records('Lead').find((r) => r.Id === sfLeadId)?.City).toBeUndefined();

    own = await createApplicationWorker(settings, { workflowBundleDir: inject('workflowBundleDir') });
    running = own.run();
    try {
      expect(await move).toMatchObject({ pageName: 'BUSINESS', pageStep: 1 });
      await eventually(async () =>
        room.slice.crm.records('Lead').find((r) => r.Id === sfLeadId)?.City ? true : undefined,
      );
      expect(room.slice.crm.records('Lead').find((r) => r.Id === sfLeadId)?.City).toBe('Norfolk');
    } finally {
      own.shutdown();
      await running;
      await own.close();
    }
  });
  it('keeps the lead it made when MongoDB fails its ids: DATABASE_UNAVAILABLE for operators, then that same lead kept', async () => {
    const id = new ObjectId().toHexString();
    await room.withOwner(id, true);
    const leads = () => room.slice.crm.records('Lead').filter((r) => r.Portal_Application_Id__c === id);
    // The worker's MongoDB cuts every write to the applications: the lead is made, its ids cannot be kept.
    const mongo = await startMongoCut(inject('mongoBaseUri'));
    mongo.cutUpdatesOf('applications');
    const taskQueue = `${room.slice.env.TEMPORAL_TASK_QUEUE}-db-down`;
    const { pathname } = new URL(room.slice.settings.worker.MONGODB_URI);
    const settings = {
      ...room.slice.settings.worker,
      TEMPORAL_TASK_QUEUE: taskQueue,
      MONGODB_URI: mongo.uri + pathname,
    };
    const own = await createApplicationWorker(settings, { workflowBundleDir: inject('workflowBundleDir') });
    const running = own.run();
    try {
      const handle = await startApplication(id, undefined, {}, taskQueue);
      // Five tries inside the activity (about 15 s), then the workflow's back-off, shown to operators.
      const during = await eventually(async () => {
        const p = await handle.query(getProgress);
        return p.operations?.lastError?.code === 'DATABASE_UNAVAILABLE' ? p : undefined;
      }, 45_000);
      expect(during.sfLeadId).toBeUndefined();
      expect(during.operations).toMatchObject({ status: 'WaitingOnCrm', turn: 'crm', pending: ['crm-lead'] });
      expect((await handle.describe()).typedSearchAttributes.get(SA_KEYS.lastError)).toBe('DATABASE_UNAVAILABLE');
      expect(leads()).toHaveLength(1);

      // MongoDB back, and an operator's 'retry CRM sync': the lead the first tries made, its ids kept.
      mongo.heal();
      await handle.signal(retryCrmSync);
      const after = await eventually(async () => {
        const p = await handle.query(getProgress);
        return p.sfLeadId ? p : undefined;
      });
      expect(leads().map((l) => l.Id)).toEqual([after.sfLeadId]);
      expect(after.operations?.lastError).toBeUndefined();
      const db = await MongoClient.connect(room.slice.settings.worker.MONGODB_URI);
      try {
        const record = await db
          .db()
          .collection('applications')
          .findOne({ _id: new ObjectId(id) });
        expect(record).toMatchObject({ sfLeadId: after.sfLeadId });
      } finally {
        await db.close();
      }
    } finally {
      own.shutdown();
      await running;
      await own.close();
      await mongo.close();
    }
  });
});
