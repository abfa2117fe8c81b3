// The offer service's answers: a 4xx is about the request and stops at once, except 401 (the
// token is refreshed once) and 429 (retried, as 5xx are). Real fetch against the offer stand-in.
import { ApplicationFailure } from '@temporalio/common';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startOfferStandin, type OfferStandin } from '../../../sandbox/src';
import { createOfferActivities } from './offers.activities';
import { recordsOf } from '../records/records';
import { pricedFresh } from '@portal/libs';
import { offerPricingKey } from '@portal/libs/dist/security/offer-pricing-key';

let offers: OfferStandin;
let mongo: MongoClient;
let mongoUri: string;
let activities: ReturnType<typeof createOfferActivities>;
let applicationId: string;

/** The offer activities over this client's database, against the offer stand-in. */
const offerActivities = (client: MongoClient) =>
  createOfferActivities({
    db: client.db(),
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

beforeAll(async () => {
  offers = await startOfferStandin({ port: 0, clientId: 'offer-spec', clientSecret: 'offer-secret' });
  mongoUri = `${inject('mongoBaseUri')}/portal-offers-${Date.now()}`;
  mongo = await MongoClient.connect(mongoUri);
  activities = offerActivities(mongo);
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

  it('stamps each pricing, writes the options only when they change, and keeps the selection', async () => {
    const records = recordsOf(mongo.db());
    const _id = new ObjectId(applicationId);
    const [first] = await activities.calculateOffers({ applicationId });
    const chosen = (await records.offers.findOne({ _id }))!.offerOptions!.map((o) => ({
      ...o,
      isSelected: o.id === first!.id ? 'true' : 'false',
    }));
    await records.offers.updateOne({ _id }, { $set: { offerOptions: chosen } });
    const business = await records.businesses.findOne({ _id });
    const ownerSet = await records.ownerSets.findOne({ _id });
    // Priced again on the same answers, counted on a client of its own: the same options, the stamp alone.
    const watched = new MongoClient(mongoUri, { monitorCommands: true });
    const writes: Record<string, unknown>[] = [];
    watched.on(
      'commandStarted',
      (e) =>
        e.commandName === 'update' &&
        writes.push(
          ...(e.command.updates as { u: { $set: object } }[]).map((u) => u.u.$set as Record<string, unknown>),
        ),
    );
    try {
      const since = Date.now();
      expect(await offerActivities(watched).calculateOffers({ applicationId })).toEqual(chosen);
      expect(writes.map((w) => Object.keys(w).sort())).toEqual([['pricedAt', 'pricedFor']]);
      const stamped = (await records.offers.findOne({ _id }))!;
      expect(stamped.pricedFor).toBe(offerPricingKey({ business, ownerSet }));
      expect(stamped.pricedAt!.getTime()).toBeGreaterThanOrEqual(since - 1000);
      expect(pricedFresh(stamped, offerPricingKey({ business, ownerSet }))).toBe(true);
      // A changed answer prices other options: saved, the selection restored where the option is still offered.
      await records.businesses.updateOne({ _id }, { $set: { annualRevenue: 90_000 } });
      const repriced = await offerActivities(watched).calculateOffers({ applicationId });
      expect(writes.map((w) => Object.keys(w).sort())[1]).toEqual(['offerOptions', 'pricedAt', 'pricedFor']);
      const saved = (await records.offers.findOne({ _id }))!;
      expect(saved.offerOptions).toEqual(repriced);
      expect(pricedFresh(saved, offerPricingKey({ business, ownerSet }))).toBe(false);
      const changed = await records.businesses.findOne({ _id });
      expect(pricedFresh(saved, offerPricingKey({ business: changed, ownerSet }))).toBe(true);
    } finally {
      await watched.close();
    }
  });
});
