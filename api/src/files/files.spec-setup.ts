// The journey up to the statements step, through the api as the browser walks it, for the files specs.
import { MongoClient, ObjectId } from 'mongodb';
import { OFFER_PRICING_FRESH_MS } from '@portal/libs';
import type { ApiClient } from '../../../tests/support/api-client';
import { throughSigning } from '../../../tests/support/through-signing';

/** Answers, a completed signature and the stage at /bank-statements, through the api as the browser does. */
export const signedApplication = (client: ApiClient): Promise<string> => throughSigning(client);

/** The offers' last pricing made older than its freshness: the next POST /offer asks the workflow. */
export async function stalePricing(mongoUri: string, applicationId: string): Promise<void> {
  const mongo = await MongoClient.connect(mongoUri);
  try {
    const pricedAt = new Date(Date.now() - OFFER_PRICING_FRESH_MS - 60_000);
    await mongo
      .db()
      .collection('offers')
      .updateOne({ _id: new ObjectId(applicationId) }, { $set: { pricedAt } });
  } finally {
    await mongo.close();
  }
}
