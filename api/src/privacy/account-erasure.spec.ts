// "Delete my account" for an application not submitted: after the erasure workflow, nothing of the
// applicant is found in MongoDB (every collection), S3 (every key), the CRM stand-in (deleted records too)
// the e-signature stand-in (Box: folder, PDFs, signed copy, open requests) or her workflow history decoded
// through the codec, and her bank's item is removed at Plaid (stand-in), while another applicant's records,
// history and Box files stay.
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasureWorkflowId } from '@portal/workflows';
import { publicTokenFor } from '../../../sandbox/src/plaid/link-as-browser';
import type { PlaidStandin } from '../../../sandbox/src/plaid/server';
import { onePagePdf } from '../../../tests/support/pdf-fixtures';
import { TEST_PASSWORD, signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { workflowClient } from '../../../tests/support/histories';
import { saveAnswers, stepOn } from '../../../tests/support/journey';
import { plaidEnv, startTestPlaid } from '../../../tests/support/plaid';
import { sliceHooks } from '../../../tests/support/slice-hooks';
import { throughSigning } from '../../../tests/support/through-signing';
import { until } from '../../../tests/support/until';
import {
  boxFiles,
  boxTraces,
  crmTraces,
  historyTraces,
  mongoTraces,
  s3Traces,
  signUp,
  zelda,
  zeldaOwner,
} from './account-erasure.spec-setup';

let plaid: PlaidStandin;
beforeAll(async () => {
  // Statements never ready here: no fetch fills every month and removes the item before the erasure does.
  plaid = await startTestPlaid(3_600_000);
});
afterAll(async () => {
  await plaid?.close();
});
const room = sliceHooks({
  env: () => plaidEnv(plaid),
});
const applicationOf = async (c: ApiClient) => (await c.get('/auth/user')).body.data.applications[0]._id as string;

/** Her journey up to the statements, signed, with a statement uploaded and a draft saved. */
async function zeldaApplies(): Promise<{ client: ApiClient; applicationId: string }> {
  const client = await signUp(room.slice, zelda, '10.42.0.1');
  const applicationId = await throughSigning(client, { owner: zeldaOwner });
  const up = await client.upload(
    '/file/s3',
    { applicationId, fileType: 'Bank Statement', monthLabel: 'October 2026' },
    { name: 'Quarrington October.pdf', type: 'application/pdf', bytes: await onePagePdf() },
  );
  expect(up.status).toBe(201);
  const draft = await client.call('PUT', `/draft/${applicationId}/owners`, {
    fields: { owners: [{ firstName: 'Zelda', phoneNumber: '(415) 555-0199' }] },
  });
  expect(draft.status).toBe(204);
  return { client, applicationId };
}

/** Her bank connected as the browser connects it, through the Plaid stand-in: a live item there. */
async function zeldaConnectsBank(client: ApiClient, applicationId: string): Promise<string> {
  const token = await client.post('/bank/link-token', { applicationId });
  expect(token.status).toBe(200);
  const publicToken = await publicTokenFor(plaid.url, token.body.data.linkToken as string);
  expect((await client.post('/bank/exchange', { applicationId, publicToken })).status).toBe(200);
  const link = await room.db.collection('banklinks').findOne({ _id: new ObjectId(applicationId) });
  expect(plaid.items().map((i) => i.item_id)).toContain(link!.itemId);
  return link!.itemId as string;
}

describe('deleting the account of an application not submitted', () => {
  it('leaves nothing of the applicant in MongoDB, S3, the CRM, Box or her decoded history, and nothing of another applicant goes', async () => {
    const { slice, db } = room;
    const other = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'erase-other', '10.42.0.2');
    const otherApp = await applicationOf(other);
    await saveAnswers(other, otherApp);
    // The other applicant is sent for signing too: her request stays open and her PDF stays at Box.
    for (let i = 0; i < 4; i++) expect((await stepOn(other, otherApp)).status).toBe(200);
    const otherRequest = (await other.post('/box/sign', { applicationId: otherApp })).body.data.id as string;
    const { client, applicationId } = await zeldaApplies();
    const itemId = await zeldaConnectsBank(client, applicationId);
    await until(
      () => crmTraces(slice),
      (found) => found.length > 0,
      { what: 'her lead in the CRM' },
    );
    expect((await mongoTraces(db)).length).toBeGreaterThan(0);
    expect(await s3Traces(slice, applicationId)).not.toEqual([]);
    const before = await historyTraces(slice, applicationId);
    expect(before.found).toContain('Quarrington'); // her history decodes before the erasure
    // Box holds her folder, the application PDF sent for signing and its signed copy.
    const herFiles = boxFiles(slice, applicationId);
    const names = slice.esign
      .files()
      .filter((f) => herFiles.includes(f.id))
      .map((f) => f.name);
    expect(names.sort()).toEqual(['Application 1 (signed).pdf', 'Application 1.pdf']);
    expect(boxTraces(slice, applicationId, zelda.email)).not.toEqual([]);
    const theirFiles = boxFiles(slice, otherApp);
    expect(theirFiles).toHaveLength(1);

    // A wrong password is refused, and nothing goes.
    const wrong = await client.post('/privacy/erasure', { password: 'Not-Her-Password-1' });
    expect(wrong.status).toBe(401);
    expect((await client.get('/auth/user')).status).toBe(200);
    expect(await client.get('/privacy/erasure')).toMatchObject({ status: 200, body: { submitted: false, kept: [] } });

    const userId = String((await db.collection('users').findOne({ email: zelda.email }))!._id);
    // Two requests at once (two tabs): one erasure run.
    const [one, two] = await Promise.all([
      client.post('/privacy/erasure', { password: TEST_PASSWORD }),
      client.post('/privacy/erasure', { password: TEST_PASSWORD }),
    ]);
    expect([one.status, two.status]).toContain(202);
    const temporal = await workflowClient(slice.env.TEMPORAL_ADDRESS, slice.dataConverter);
    try {
      const outcome = await temporal.workflow.getHandle(erasureWorkflowId(userId)).result();
      expect(outcome).toMatchObject({ applicationId, submitted: false, lead: 'deleted' });
      const runs = [];
      for await (const w of temporal.workflow.list({ query: `WorkflowId = '${erasureWorkflowId(userId)}'` }))
        runs.push(w);
      expect(runs).toHaveLength(1);
    } finally {
      await temporal.connection.close();
    }
    // The session ended.
    expect((await client.get('/auth/user')).status).toBe(403);

    expect(await mongoTraces(db)).toEqual([]);
    expect(await s3Traces(slice, applicationId)).toEqual([]);
    expect(crmTraces(slice)).toEqual([]);
    expect(boxTraces(slice, applicationId, zelda.email, herFiles)).toEqual([]);
    const after = await historyTraces(slice, applicationId);
    expect(after.found).toEqual([]);
    expect(after.sealed).toBeGreaterThan(0); // her payloads are there, unreadable
    // Her bank's item is gone at Plaid too (no longer billed, no token left here to remove it with).
    expect(plaid.items().map((i) => i.item_id)).not.toContain(itemId);
    expect(plaid.calls().filter((c) => c.path === '/item/remove')).toHaveLength(1);

    // The other applicant: still signed in, her records, lead and history as they were.
    expect((await other.get('/auth/user')).status).toBe(200);
    expect(slice.crm.records('Lead').some((l) => l.Email === 'erase-other@example.com' && !l.IsDeleted)).toBe(true);
    expect(boxFiles(slice, otherApp)).toEqual(theirFiles);
    for (const id of theirFiles) expect(slice.esign.fileBytes(id)).toBeDefined();
    expect(slice.esign.requests().find((r) => r.id === otherRequest)?.status).toBe('sent');
    const theirs = await historyTraces(slice, otherApp);
    expect(theirs.sealed).toBe(0);
    expect(theirs.text).toContain('erase-other@example.com');
  });
});
