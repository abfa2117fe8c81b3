// Box as Box behaves, so the worker meets its quirks in tests first: asynchronous sign requests, paginated lists, 429
// with Retry-After, webhooks only once registered. The real box-node-sdk, S3 client and MongoDB driver against the
// stand-in.
import { ApplicationFailure } from '@temporalio/common';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { COLLECTIONS, COMMON_SETTINGS, loadEnv } from '@portal/libs';
import { PiiKeys } from '@portal/libs/dist/security/pii-keys';
import { isSignedRequest } from '@portal/workflows';
import { startEsignStandin } from '../../../sandbox/src';
import { withCollectionDown } from '../../../tests/support/mongo-down';
import { until } from '../../../tests/support/until';
import { documentStore } from '../documents/s3';
import { boxClient } from './box.client';
import { registerBoxWebhook } from './box.webhook';
import { createSigningActivities } from './esign.activities';
import { recordsOf } from '../records/records';

let esign: Awaited<ReturnType<typeof startEsignStandin>>;
let mongo: MongoClient;
let store: ReturnType<typeof documentStore>;
let activities: ReturnType<typeof createSigningActivities>;

const settings = (url: string) => ({
  BOX_API_URL: url,
  BOX_UPLOAD_URL: `${url}/api`,
  BOX_CLIENT_ID: 'box-spec',
  BOX_CLIENT_SECRET: 'box-spec-secret',
  BOX_ENTERPRISE_ID: '1',
});

beforeAll(async () => {
  esign = await startEsignStandin({
    port: 0,
    clientId: 'box-spec',
    clientSecret: 'box-spec-secret',
    timing: { convertingMs: 400, finalizingMs: 600 },
    maxPageSize: 5,
    seedFolders: [{ id: '100', name: 'applications' }],
  });
  mongo = await MongoClient.connect(`${inject('mongoBaseUri')}/portal-box-${Date.now()}`);
  store = documentStore({
    ...loadEnv(COMMON_SETTINGS, { S3_ENDPOINT: inject('s3Endpoint') }),
  });
  activities = signingActivities(mongo.db());
});

/** The signing activities as the worker builds them, over `db`. */
function signingActivities(db: ReturnType<MongoClient['db']>) {
  const box = boxClient(settings(esign.url), { maxAttempts: 3, retryBaseInterval: 0.01 });
  return createSigningActivities({
    db,
    box: () => box,
    store,
    pii: new PiiKeys(loadEnv(COMMON_SETTINGS, {})),
    publicUrl: 'https://apply.example.com',
    parentFolderId: '100',
  });
}
afterAll(async () => {
  store?.close();
  await mongo?.close();
  await esign?.close();
});

async function application(email: string) {
  const applicationId = new ObjectId();
  await recordsOf(mongo.db()).businesses.insertOne({
    _id: applicationId,
    applicationId,
    businessName: 'Async Box Ltd',
  });
  await recordsOf(mongo.db()).ownerSets.insertOne({
    _id: applicationId,
    applicationId,
    owners: [{ firstName: 'Ada', lastName: 'King', ownerEmailId: email }],
  });
  return applicationId.toHexString();
}

async function sign(embedUrl: string) {
  await fetch(embedUrl);
  await fetch(embedUrl, { method: 'POST', body: new URLSearchParams({ decision: 'signed' }), redirect: 'manual' });
}

describe('sign requests through the stand-in', () => {
  it('answers a request only once Box has sent it, with the signing link (never while converting)', async () => {
    const view = await activities.prepareSignRequest({ applicationId: await application('a@example.com'), attempt: 1 });
    expect(view.status).toBe('sent');
    expect(view.signers[0]!.embedUrl).toMatch(/^http/);
  });

  it('finds the request of a retried attempt by the id it stored, even past the first page of a list', async () => {
    for (let i = 0; i < 6; i++)
      await activities.prepareSignRequest({ applicationId: await application(`other${i}@example.com`), attempt: 1 });
    const id = await application('late@example.com');
    const first = await activities.prepareSignRequest({ applicationId: id, attempt: 1 });
    const retry = await activities.prepareSignRequest({ applicationId: id, attempt: 1 });
    expect(retry.id).toBe(first.id);
    expect(esign.requests().filter((r) => r.external_id === `${id}:1`)).toHaveLength(1);
  });

  it('answers an error_converting request as it is, so the workflow starts a new attempt', async () => {
    esign.failNextRequest('error_converting');
    const view = await activities.prepareSignRequest({
      applicationId: await application('err@example.com'),
      attempt: 1,
    });
    expect(view).toMatchObject({ status: 'error_converting' });
  });

  it('does not count finalizing as signed, and gives the signed file only once Box says signed', async () => {
    const view = await activities.prepareSignRequest({
      applicationId: await application('fin@example.com'),
      attempt: 1,
    });
    await sign(view.signers[0]!.embedUrl!);
    const finalizing = await activities.getSignRequest({ signRequestId: view.id });
    expect(finalizing.status).toBe('finalizing');
    expect(isSignedRequest(finalizing)).toBe(false);
    expect(finalizing.signedFileId).toBeUndefined();
    // The stand-in finishes finalizing a moment later, as Box does.
    const signed = await until(() => activities.getSignRequest({ signRequestId: view.id }), isSignedRequest);
    expect(isSignedRequest(signed)).toBe(true);
    expect(signed.signedFileId).toMatch(/^\d+$/);
  });

  it('stops at once on a 4xx other than 429, naming Box status and code', async () => {
    const e = await activities.getSignRequest({ signRequestId: 'no-such-request' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApplicationFailure);
    expect(e).toMatchObject({
      type: 'BoxRejectedError',
      nonRetryable: true,
      message: 'Sign request read refused: Box answered 404 not_found',
    });
  });
});

describe('Box retries and webhooks', () => {
  it('waits as Retry-After says on a 429 (the SDK alone ignores it and backs off on its own clock)', async () => {
    const box = boxClient(settings(esign.url)); // production back-off: 2^n seconds without Retry-After
    await box.signRequests.getSignRequests({}); // token first
    esign.throttle(2, 0);
    const started = Date.now();
    await box.signRequests.getSignRequests({});
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives a long Retry-After back to Temporal instead of sleeping through it', async () => {
    const box = boxClient(settings(esign.url));
    await box.signRequests.getSignRequests({});
    esign.throttle(1, 3600);
    const e = await box.signRequests.getSignRequests({}).catch((x: unknown) => x);
    expect(e).toMatchObject({ responseInfo: { statusCode: 429 } });
  });

  it('registers the webhook once on the applications folder; Box delivers only to registered ones', async () => {
    const box = boxClient(settings(esign.url));
    expect(esign.webhooks()).toHaveLength(0);
    await expect(registerBoxWebhook(box, '0', 'https://apply.example.com/api/webhooks/box')).rejects.toThrow(
      'root folder',
    );
    expect(await registerBoxWebhook(box, '100', 'https://apply.example.com/api/webhooks/box')).toBe('created');
    expect(await registerBoxWebhook(box, '100', 'https://apply.example.com/api/webhooks/box')).toBe('existing');
    expect(esign.webhooks()).toMatchObject([
      { targetId: '100', address: 'https://apply.example.com/api/webhooks/box' },
    ]);
  });
});

describe('the sign request kept on the application', () => {
  it('keeps the lookup by the request, then the application; a failed write is retried and finds the same request', async () => {
    const id = await application('kept@example.com');
    const records = recordsOf(mongo.db());
    await records.applications.insertOne({ _id: new ObjectId(id) });
    // The webhook's lookup cannot be written: the application must not name the request either.
    const lookupDown = signingActivities(withCollectionDown(mongo.db(), COLLECTIONS.signatures));
    const failed = await lookupDown.prepareSignRequest({ applicationId: id, attempt: 1 }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApplicationFailure);
    expect(failed).toMatchObject({ type: 'RecordWriteError', nonRetryable: false });
    const made = () => esign.requests().filter((r) => r.external_id === `${id}:1`);
    expect(made()).toHaveLength(1);
    expect((await records.applications.findOne({ _id: new ObjectId(id) }))?.signatureId).toBeUndefined();
    // Temporal's retry, the database back: the request the first try made (by the id stored when Box answered).
    const retry = await activities.prepareSignRequest({ applicationId: id, attempt: 1 });
    expect(made().map((r) => r.id)).toEqual([retry.id]);
    expect(await records.signatures.findOne({ _id: retry.id })).toMatchObject({ applicationId: new ObjectId(id) });
    expect(await records.applications.findOne({ _id: new ObjectId(id) })).toMatchObject({ signatureId: retry.id });
  });
});
