// The worker's answer to the Box rules that stop a call for good (a refused cancel, an http webhook), through the real
// box-node-sdk and the e-sign stand-in that keeps them: a cancel Box refuses stops at once (SIGN_VOID_FAILED, never
// retried for ever), and a webhook on plain http is refused by name (the worker then polls).
import { ApplicationFailure } from '@temporalio/common';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEsignStandin } from '../../../sandbox/src';
import { until } from '../../../tests/support/until';
import { createOperationActivities } from '../operations/operations.activities';
import { boxClient } from './box.client';
import { registerBoxWebhook } from './box.webhook';

let esign: Awaited<ReturnType<typeof startEsignStandin>>;
let box: ReturnType<typeof boxClient>;
let activities: ReturnType<typeof createOperationActivities>;
let mongo: MongoClient;
let token = '';

beforeAll(async () => {
  esign = await startEsignStandin({
    port: 0,
    clientId: 'box-rules',
    clientSecret: 'box-rules-secret',
    timing: { convertingMs: 400, finalizingMs: 50 },
    seedFolders: [{ id: '100', name: 'applications' }],
  });
  box = boxClient(
    {
      BOX_API_URL: esign.url,
      BOX_UPLOAD_URL: `${esign.url}/api`,
      BOX_CLIENT_ID: 'box-rules',
      BOX_CLIENT_SECRET: 'box-rules-secret',
      BOX_ENTERPRISE_ID: '1',
    },
    { maxAttempts: 3, retryBaseInterval: 0.01 },
  );
  mongo = await MongoClient.connect(`${inject('mongoBaseUri')}/portal-box-rules-${Date.now()}`);
  activities = createOperationActivities({
    db: mongo.db(),
    box: () => box,
    settings: { SMTP_HOST: '127.0.0.1', SMTP_PORT: 9, MAIL_FROM: 'x@example.com', PUBLIC_URL: 'http://localhost' },
  });
  const auth = await fetch(`${esign.url}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'box-rules',
      client_secret: 'box-rules-secret',
    }),
  });
  token = ((await auth.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await mongo?.close();
  await esign?.close();
});

/** A sign request just made: Box is still converting its document. */
async function converting() {
  const form = new FormData();
  form.append('attributes', JSON.stringify({ name: `doc-${Math.random()}.pdf`, parent: { id: '100' } }));
  form.append('file', new Blob([Buffer.from('%PDF-1.4 rules')]), 'doc.pdf');
  const headers = { authorization: `Bearer ${token}` };
  const uploaded = await fetch(`${esign.url}/api/2.0/files/content`, { method: 'POST', headers, body: form });
  const file = ((await uploaded.json()) as { entries: { id: string }[] }).entries[0]!;
  const made = await fetch(`${esign.url}/2.0/sign_requests`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      source_files: [{ id: file.id, type: 'file' }],
      parent_folder: { id: '100', type: 'folder' },
      signers: [{ email: 'ada@example.com', role: 'signer' }],
    }),
  });
  return ((await made.json()) as { id: string }).id;
}

describe('voidSignRequest', () => {
  it('stops at once when Box refuses the cancel (a request still converting); voids one with its signers', async () => {
    const id = await converting();
    const failure = await activities.voidSignRequest({ signRequestId: id }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({
      type: 'BoxRejectedError',
      nonRetryable: true,
      message: expect.stringMatching(/^Sign request cancel refused: Box answered 400 /),
    });

    // Once Box has sent it, it is with its signer and can be cancelled.
    await until(
      async () => String((await box.signRequests.getSignRequestById(id)).status),
      (status) => status === 'sent',
    );
    await activities.voidSignRequest({ signRequestId: id });
    expect(esign.requests().find((r) => r.id === id)).toMatchObject({ status: 'cancelled' });
    // Finished: nothing more to do, and nothing asked of Box that it would refuse.
    await activities.voidSignRequest({ signRequestId: id });
  });
});

describe('registerBoxWebhook', () => {
  it('names Box’s refusal of an address on plain http; a loopback address (the local stack) is taken', async () => {
    await expect(registerBoxWebhook(box, '100', 'http://apply.example.com/api/webhooks/box')).rejects.toMatchObject({
      type: 'BoxRejectedError',
      message: 'Webhook registration refused: bad_request',
    });
    expect(esign.webhooks()).toHaveLength(0);
    expect(await registerBoxWebhook(box, '100', 'http://127.0.0.1:3000/api/webhooks/box')).toBe('created');
  });
});
