// voidSignRequest goes through boxCall, so Box's 4xx stop at once (BoxRejectedError)
// instead of being retried as an outage. The real box-node-sdk against the e-sign stand-in.
import { ApplicationFailure } from '@temporalio/common';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEsignStandin } from '../../../sandbox/src';
import { boxClient } from '../esign/box.client';
import { createOperationActivities } from './operations.activities';

let esign: Awaited<ReturnType<typeof startEsignStandin>>;
let activities: ReturnType<typeof createOperationActivities>;
let mongo: MongoClient;

beforeAll(async () => {
  esign = await startEsignStandin({ port: 0, clientId: 'void-spec', clientSecret: 'void-spec-secret' });
  const box = boxClient(
    {
      BOX_API_URL: esign.url,
      BOX_UPLOAD_URL: `${esign.url}/api`,
      BOX_CLIENT_ID: 'void-spec',
      BOX_CLIENT_SECRET: 'void-spec-secret',
      BOX_ENTERPRISE_ID: '1',
    },
    { maxAttempts: 3, retryBaseInterval: 0.01 },
  );
  mongo = await MongoClient.connect(`${inject('mongoBaseUri')}/portal-void-${Date.now()}`);
  activities = createOperationActivities({
    db: mongo.db(),
    box: () => box,
    settings: { SMTP_HOST: '127.0.0.1', SMTP_PORT: 9, MAIL_FROM: 'x@example.com', PUBLIC_URL: 'http://localhost' },
  });
});
afterAll(async () => {
  await mongo?.close();
  await esign?.close();
});

describe('voidSignRequest', () => {
  it("answers Box's 404 for a request it does not know as a refusal no retry can fix", async () => {
    const failure = await activities.voidSignRequest({ signRequestId: '9999999' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({
      type: 'BoxRejectedError',
      nonRetryable: true,
      message: expect.stringMatching(/^Sign request read refused: Box answered 404 /),
    });
  });
});
