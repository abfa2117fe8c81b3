// Temporal stopped in the middle of a journey. The applicant's answers are saved, their
// signals (and a sign-up's start) wait in the outbox, and all of it reaches the workflows when Temporal is
// back. A Temporal dev server of this file's own, on a database file so that it restarts with its data. The
// tests after the first go on from where the one before leaves Ada (Temporal back, her answers on the lead).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { applicationWorkflowId, getProgress } from '@portal/workflows';
import { outageSlice } from './outbox.spec-setup';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { workflowClient } from '../../../tests/support/histories';
import { DETAILS_ANSWERS, FINANCIAL_ANSWERS, QUESTION_ANSWERS, stepOn } from '../../../tests/support/journey';
import { startApiReplica } from '../../../tests/support/slice';
import { until } from '../../../tests/support/until';

const room = outageSlice('portal-outbox-');
const { temporal } = room;

const outbox = () => room.mongo.db().collection('workflowoutbox');
const leadOf = (email: string) => room.slice.crm.records('Lead').find((r) => r.Email === email);

let ada: ApiClient;
let adaApp: string;

describe('Temporal stopped in the middle of a journey', () => {
  it('saves the answers, keeps the signals (sealed) and a sign-up’s start in the outbox, and sends them when Temporal is back', async () => {
    ada = await signUpAndConfirm(room.slice.baseUrl, room.slice.maildevUrl, 'outbox-ada', '10.13.0.1');
    adaApp = (await ada.get('/auth/user')).body.data.applications[0]._id;
    const businessId = (await ada.get(`/business/application/${adaApp}`)).body._id as string;
    expect((await ada.patch(`/business/${businessId}`, FINANCIAL_ANSWERS)).status).toBe(200);
    await until(
      () => leadOf('outbox-ada@example.com'),
      (l) => !!l?.AnnualRevenue,
    );

    await temporal.stop();

    // The applicant carries on: each answer is saved and answered 200.
    for (const body of [QUESTION_ANSWERS, DETAILS_ANSWERS])
      expect((await ada.patch(`/business/${businessId}`, body)).status).toBe(200);
    // A new applicant signs up meanwhile: their workflow's start waits too.
    const bob = await signUpAndConfirm(room.slice.baseUrl, room.slice.maildevUrl, 'outbox-bob', '10.13.0.2');
    const bobApp = (await bob.get('/auth/user')).body.data.applications[0]._id as string;

    // Ada's saves reach her workflow as one lead change, handed over LEAD_HANDOVER_MS after the last save
    // when no stage move carries it: waited for, not read at once.
    const kept = await until(
      () => outbox().find().toArray(),
      (k) => k.some((e) => e.applicationId === adaApp && e.kind === 'signal'),
      { what: "Ada's lead change in the outbox" },
    );
    expect(kept.map((e) => [e.applicationId, e.kind])).toEqual(
      expect.arrayContaining([
        [adaApp, 'signal'],
        [bobApp, 'start'],
      ]),
    );
    // Sealed by the payload codec: the business's details are not readable in the outbox.
    expect(JSON.stringify(kept)).not.toContain('Analytical Engines');
    expect(JSON.stringify(kept)).not.toContain('outbox-bob@example.com');
    expect(leadOf('outbox-ada@example.com')?.City).toBeUndefined();

    await temporal.start();
    await until(
      () => outbox().countDocuments(),
      (n) => n === 0,
    );
    const lead = await until(
      () => leadOf('outbox-ada@example.com'),
      (l) => l?.City === 'Austin',
    );
    expect(lead).toMatchObject({ City: 'Austin', Industry: DETAILS_ANSWERS.industry });
    const client = await workflowClient(temporal.address(), room.slice.dataConverter);
    const bobProgress = await until(
      () => client.workflow.getHandle(applicationWorkflowId(bobApp)).query(getProgress),
      (p) => !!p.sfLeadId,
    );
    expect(leadOf('outbox-bob@example.com')?.Id).toBe(bobProgress.sfLeadId);
    await client.connection.close();
  });
});

/**
 * With Temporal stopped, Ada saves a new revenue and moves on through `mover`, which answers 503 (the move took
 * the change to carry it); `afterMove` checks what the failed move left. Requires the change not left waiting for
 * another save or move: in the outbox, then, Temporal back, the outbox sent and the revenue on her lead.
 */
async function failedMoveHandsOver(revenue: number, mover: ApiClient, afterMove = async () => {}) {
  await temporal.stop();
  const businessId = (await ada.get(`/business/application/${adaApp}`)).body._id as string;
  const annualRevenue = `$${revenue.toLocaleString('en-US')}`;
  expect((await ada.patch(`/business/${businessId}`, { ...FINANCIAL_ANSWERS, annualRevenue })).status).toBe(200);
  expect((await stepOn(mover, adaApp)).status).toBe(503);
  await afterMove();
  await until(
    () => outbox().find({ applicationId: adaApp, kind: 'signal' }).toArray(),
    (k) => k.length > 0,
    { what: "Ada's lead change in the outbox after the failed move" },
  );
  await temporal.start();
  await until(
    () => outbox().countDocuments(),
    (n) => n === 0,
    { ms: 30_000, what: 'the outbox sent once Temporal is back' },
  );
  const lead = await until(
    () => leadOf('outbox-ada@example.com'),
    (l) => l?.AnnualRevenue === revenue,
    { ms: 30_000, what: 'the new revenue on the lead' },
  );
  expect(lead?.AnnualRevenue).toBe(revenue);
}

describe('Temporal stopped again, as a stage move takes a save’s lead change', () => {
  it('hands a save’s lead change over alone when the stage move that took it cannot reach the workflow', async () => {
    await failedMoveHandsOver(1_300_000, ada);
  });
});

describe('Temporal stopped again, as a stage move through another api replica takes a save’s lead change', () => {
  /** A second api replica on the same database and Temporal: Ada's save goes through the first, her move here. */
  let second: NestExpressApplication | undefined;
  let secondUrl: string;
  beforeAll(async () => {
    ({ app: second, url: secondUrl } = await startApiReplica());
  });
  afterAll(async () => {
    await second?.close();
  });

  it('clears its mark on the failed move, so the first replica hands the change over', async () => {
    // The move marks the change as carried, for the first replica's hand-over to wait on, and fails.
    await failedMoveHandsOver(1_400_000, ada.sameBrowserAt(secondUrl, '10.13.0.1'), async () => {
      // The mark is gone with the failure: a mark left would hold the hand-over back until it expired (60 s).
      const pending = await room.mongo
        .db()
        .collection('pendingleads')
        .findOne({ _id: adaApp as never });
      expect(pending?.carrying).toBeUndefined();
    });
  });
});
