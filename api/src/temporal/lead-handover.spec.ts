// A page's lead change goes with the stage move that follows its save, once, even when that move takes
// longer than the hand-over's own wait (LEAD_HANDOVER_MS), and when the save and the move go through two api
// replicas. The move onto the signature starts the signing, which waits while Box converts the document:
// here the e-sign stand-in converts for longer than that wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Connection } from '@temporalio/client';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection as MongoConnection } from 'mongoose';
import { applicationWorkflowId, getProgress } from '@portal/workflows';
import { LEAD_HANDOVER_MS } from './workflow-lead-changes';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import {
  DETAILS_ANSWERS,
  FINANCIAL_ANSWERS,
  QUESTION_ANSWERS,
  ownerAnswers,
  stepOn,
} from '../../../tests/support/journey';
import { startApiReplica, startSlice } from '../../../tests/support/slice';
import { holdFor, until } from '../../../tests/support/until';

/** Longer than the hand-over's wait: the move onto the signature answers after this at the soonest. */
const CONVERTING_MS = LEAD_HANDOVER_MS + 1_500;

let slice: Awaited<ReturnType<typeof startSlice>>;
let client: Client;
/** A second api replica on the same database, Temporal and worker. */
let second: NestExpressApplication | undefined;
let secondUrl: string;

beforeAll(async () => {
  slice = await startSlice({ esignTiming: { convertingMs: CONVERTING_MS } });
  client = new Client({
    connection: await Connection.connect({ address: slice.env.TEMPORAL_ADDRESS }),
    dataConverter: slice.dataConverter,
  });
  ({ app: second, url: secondUrl } = await startApiReplica());
});

afterAll(async () => {
  await second?.close();
  await client?.connection.close();
  await slice?.close();
});

/**
 * Walks a new applicant to the owners' page and saves the owners, then presses Continue through `mover`;
 * requires the owner's share on the lead, no `updateLead` signal by the time a second hand-over would have
 * come, and nothing left waiting.
 */
async function ownersContinue(name: string, ip: string, mover: (c: ApiClient) => ApiClient) {
  const email = `${name}@example.com`;
  const c = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, name, ip);
  const applicationId = (await c.get('/auth/user')).body.data.applications[0]._id as string;
  const handle = client.workflow.getHandle(applicationWorkflowId(applicationId));
  await until(
    () => handle.query(getProgress),
    (p) => !!p.sfLeadId,
    { ms: 20_000, what: 'the lead' },
  );
  const businessId = (await c.get(`/business/application/${applicationId}`)).body._id as string;
  for (const answers of [FINANCIAL_ANSWERS, QUESTION_ANSWERS, DETAILS_ANSWERS]) {
    expect((await c.patch(`/business/${businessId}`, answers)).status).toBe(200);
    expect((await stepOn(c, applicationId)).status).toBe(200);
  }
  const setId = (await c.post('/owner', { applicationId })).body._id as string;
  expect((await c.patch(`/owner/${setId}`, { owners: [ownerAnswers(email)] })).status).toBe(200);
  // The owners' Continue: onto the signature, answered once Box has converted the document.
  const started = performance.now();
  const moved = await stepOn(mover(c), applicationId);
  expect(moved.status).toBe(200);
  expect(moved.body).toMatchObject({ pageName: 'SIGNATURE' });
  // What makes this case: the move outlasted the wait after which a save's change goes alone.
  expect(performance.now() - started).toBeGreaterThan(LEAD_HANDOVER_MS);

  const lead = await until(
    () => slice.crm.records('Lead').find((r) => r.Email === email),
    (l) => l?.Owner_1_Ownership__c === 100,
    { what: "the owner's share on the lead" },
  );
  expect(lead?.Owner_1_Ownership__c).toBe(100);
  await holdFor(LEAD_HANDOVER_MS + 1_000, 'a second hand-over of the same change would be signalled by now');
  const history = await handle.fetchHistory();
  const signals = (history.events ?? []).flatMap((e) => e.workflowExecutionSignaledEventAttributes?.signalName ?? []);
  expect(signals).not.toContain('updateLead');
  // Handed over once, with the move: nothing left waiting, and no move's mark.
  const pending = await slice.app
    .get<MongoConnection>(getConnectionToken())
    .collection('pendingleads')
    .findOne({ _id: applicationId as never });
  expect(pending?.changes).toBeUndefined();
  expect(pending?.carrying).toBeUndefined();
}

describe('a lead change carried by a slow stage move', () => {
  it('reaches the lead with the move, and is not signalled again while the move is under way', async () => {
    await ownersContinue('handover-ada', '10.27.0.1', (c) => c);
  });

  it('is not signalled again when the save and the move go through two api replicas', async () => {
    await ownersContinue('handover-bea', '10.27.0.2', (c) => c.sameBrowserAt(secondUrl, '10.27.0.2'));
  });
});
