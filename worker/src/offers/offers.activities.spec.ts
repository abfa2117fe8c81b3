// The offer service's answers: a 4xx is about the request and stops at once, except 401 (the
// token is refreshed once) and 429 (retried, as 5xx are). Real fetch against the offer stand-in.
import { ApplicationFailure } from '@temporalio/common';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startOfferStandin, type OfferStandin } from '../../../sandbox/src';
import { createOfferActivities } from './offers.activities';
import { recordsOf } from '../records/records';

let offers: OfferStandin;
let mongo: MongoClient;
let activities: ReturnType<typeof createOfferActivities>;
let applicationId: string;

beforeAll(async () => {
  offers = await startOfferStandin({ port: 0, clientId: 'offer-spec', clientSecret: 'offer-secret' });
  mongo = await MongoClient.connect(`${inject('mongoBaseUri')}/portal-offers-${Date.now()}`);
  activities = createOfferActivities({
    db: mongo.db(),
    crm: () => Promise.reject(new Error('unused')),
    settings: {
      OFFER_SERVICE_URL: offers.url,
      OFFER_SERVICE_CLIENT_ID: 'offer-spec',
      OFFER_SERVICE_CLIENT_SECRET: 'offer-secret',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: 9,
      MAIL_FROM: 'x@example.com',
      PUBLIC_URL: 'http://localhost',
    },
  });
  const id = new ObjectId();
  applicationId = id.toHexString();
  await recordsOf(mongo.db()).businesses.insertOne({
    _id: id,
    applicationId: id,
    businessStartDate: '2015-01-01',
    annualRevenue: 900000,
  });
  await recordsOf(mongo.db()).ownerSets.insertOne({ _id: id, applicationId: id, owners: [{ creditReport: 720 }] });
  await recordsOf(mongo.db()).offers.insertOne({ _id: id, applicationId: id });
});
afterAll(async () => {
  await mongo?.close();
  await offers?.close();
});

describe('calculateOffers against the offer service', () => {
  it('refreshes an expired token once and goes on', async () => {
    await activities.calculateOffers({ applicationId });
    offers.expireTokens();
    expect((await activities.calculateOffers({ applicationId })).length).toBeGreaterThan(0);
  });

  it('stops at once on a 4xx about the request', async () => {
    offers.failNext(422);
    const e = await activities.calculateOffers({ applicationId }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApplicationFailure);
    expect(e).toMatchObject({
      type: 'OfferServiceRejectedError',
      nonRetryable: true,
      message: 'offer service: HTTP 422',
    });
  });

  it('leaves 429 and 5xx to Temporal to retry', async () => {
    for (const status of [429, 503]) {
      offers.failNext(status);
      const e = await activities.calculateOffers({ applicationId }).catch((x: unknown) => x);
      expect(e).not.toBeInstanceOf(ApplicationFailure);
      expect(String(e)).toContain(`HTTP ${status}`);
    }
  });
});
