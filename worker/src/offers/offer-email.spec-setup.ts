// The offer activities as the worker runs them, on a database of the file's own (the real MongoDB-wire database)
// and maildev, with no offer service or CRM behind them: the offer email's specs need neither.
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, inject } from 'vitest';
import { createOfferActivities } from './offers.activities';

export type OfferEmailContext = { mongo: MongoClient; activities: ReturnType<typeof createOfferActivities> };

/** Connects before the file's tests and closes after them; read the context's fields inside a test. */
export function useOfferEmailActivities(database: string): OfferEmailContext {
  const ctx = {} as OfferEmailContext;
  beforeAll(async () => {
    ctx.mongo = await MongoClient.connect(`${inject('mongoBaseUri')}/${database}-${Date.now()}`);
    ctx.activities = createOfferActivities({
      db: ctx.mongo.db(),
      crm: () => Promise.reject(new Error('unused')),
      settings: {
        OFFER_SERVICE_URL: 'http://127.0.0.1:9',
        OFFER_SERVICE_CLIENT_ID: 'x',
        OFFER_SERVICE_CLIENT_SECRET: 'x',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: inject('smtpPort'),
        MAIL_FROM: 'offers@example.com',
        PUBLIC_URL: 'http://localhost',
      },
    });
  });
  afterAll(() => ctx.mongo?.close());
  return ctx;
}
