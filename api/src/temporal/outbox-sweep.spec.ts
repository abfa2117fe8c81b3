// An entry in the outbox that no round of this api was woken for (as another replica leaves one when it crashes
// after keeping it): the api's sweep of its empty outbox, every OUTBOX_SWEEP_INTERVAL, finds and sends it. Here
// the drain's own pause is an hour, so only the sweep can.
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { updateLead } from '@portal/workflows';
import { signUpAndConfirm } from '../../../tests/support/api-client';
import { startSlice } from '../../../tests/support/slice';
import { until } from '../../../tests/support/until';
import { WorkflowOutbox } from './workflow-outbox.service';

let slice: Awaited<ReturnType<typeof startSlice>>;
let mongo: MongoClient;

beforeAll(async () => {
  slice = await startSlice({ env: { OUTBOX_DRAIN_INTERVAL: '1h', OUTBOX_SWEEP_INTERVAL: '2s' } });
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
});

afterAll(async () => {
  await mongo?.close();
  await slice?.close();
});

it("sends an entry kept by another replica within the sweep's interval", async () => {
  const ann = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'outbox-sweep', '10.13.2.1');
  const appId = (await ann.get('/auth/user')).body.data.applications[0]._id as string;
  const leadOf = () => slice.crm.records('Lead').find((r) => r.Email === 'outbox-sweep@example.com');
  await until(leadOf, (l) => !!l?.Id, { what: 'the lead made' });

  // Kept as a replica keeps a signal Temporal refused: the entry, its application's marker, the list.
  await slice.app.get(WorkflowOutbox).add(appId, 'signal', [{ annualRevenue: 987_654 }], updateLead.name);
  const outbox = mongo.db().collection('workflowoutbox');
  expect(await outbox.countDocuments({ applicationId: appId })).toBe(1);

  const sent = Date.now();
  await until(
    () => outbox.countDocuments({ applicationId: appId }),
    (n) => n === 0,
    { what: 'the entry sent' },
  );
  expect(Date.now() - sent).toBeLessThan(10_000);
  expect((await until(leadOf, (l) => l?.AnnualRevenue === 987_654, { what: 'the lead written' }))?.Id).toBeTruthy();
});
