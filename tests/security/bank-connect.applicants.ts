// What the /bank spec's tests share: applicants at the statements step, a link made as the browser makes it,
// every answer kept (none may hold an access token), and the stored link read back from the database.
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { publicTokenFor } from '../../sandbox/src/plaid/link-as-browser';
import type { Answer } from '../support/api-client';
import { holdFor } from '../support/until';
import { atDocumentsStage, mongoUri, signedInApplicant } from './support';

export const plaidUrl = () => inject('securityPlaidUrl');
export const ACCESS_TOKEN = /access-sandbox-[0-9a-f-]{36}/;
export const POSTS = ['/bank/link-token', '/bank/exchange', '/bank/statements', '/bank/disconnect'] as const;

export type Applicant = Awaited<ReturnType<typeof signedInApplicant>>;
/** Every answer the bank endpoints gave in this file: none may hold an access token. */
export const answers: Answer[] = [];
export const seen = (a: Answer) => (answers.push(a), a);
export const post = async (who: Applicant, path: string, body: unknown) => seen(await who.client.post(path, body));
export const validPublicToken = () => `public-sandbox-${crypto.randomUUID()}`;

let mongo: MongoClient;
beforeAll(async () => {
  mongo = await MongoClient.connect(mongoUri());
});
afterAll(async () => mongo?.close());
export const db = () => mongo.db();
/** The application's bank link, by `_id` (its application's id: the api reads it so, never scanning). */
export const bankLink = async (applicationId: string) => {
  const link = await db()
    .collection('banklinks')
    .findOne({ _id: new ObjectId(applicationId) });
  if (link) expect(String(link.applicationId)).toBe(applicationId);
  return link;
};
export const standinItems = async () =>
  ((await (await fetch(`${plaidUrl()}/__admin/items`)).json()) as { items: { item_id: string }[] }).items;

/** An applicant at the statements step (the fetched PDFs are stored only there). */
export async function applicant(tag: string): Promise<Applicant> {
  const a = await signedInApplicant(`sec-bank-${tag}-${Date.now()}`);
  await atDocumentsStage(a.applicationId, 1);
  return a;
}

/** A public token as the browser gets one: a link token, then the stand-in's Link steps with the sandbox credentials. */
export async function linkedPublicToken(a: Applicant): Promise<string> {
  const link = await post(a, '/bank/link-token', { applicationId: a.applicationId });
  expect(link.status).toBe(200);
  return publicTokenFor(plaidUrl(), String(link.body.data.linkToken));
}

/** Link as the browser does: a public token from Link, then the exchange. */
export async function connect(a: Applicant) {
  const publicToken = await linkedPublicToken(a);
  const exchanged = await post(a, '/bank/exchange', { applicationId: a.applicationId, publicToken });
  expect(exchanged.status).toBe(200);
  // Not a wait for an event the test could see: the stand-in's statements answer PRODUCT_NOT_READY for a
  // second after the link, by design (its STATEMENTS webhook then starts the api's own fetch, which the tests'
  // calls are left to meet, as a real link's would; polling for that fetch's files would skip the race).
  await holdFor(1_200, "the Plaid stand-in's statements are ready a second after the link");
}
