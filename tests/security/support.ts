// Helpers of the security suite: a counting client that connects from a chosen loopback source address
// (a distinct "IP" the api sees on the socket, with no forwarded header to trust), signed-in applicants,
// and the check that the api still serves after each file.
import { basename } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, expect, inject } from 'vitest';
import { ApiClient, RawBody, TEST_PASSWORD, applicantFor, codeFromMail } from '../support/api-client';
import { serverErrorRequests, tally, writeTally } from './tally';

export { tally };
export const apiUrl = () => inject('securityApiUrl');
export const maildevUrl = () => inject('securityMaildevUrl');
export const mongoUri = () => inject('securityMongoUri');
export const s3Endpoint = () => inject('securityS3Endpoint');

/**
 * Each spec file (its own module instance) starts at a random place in 127.1.0.1 - 127.254.255.254, about
 * 16.6 million addresses: two files' runs of a few hundred addresses almost never meet. (With 200 starting
 * places in 127.1.x.y, a file could be handed an address another file had throttled a moment before: a
 * login answered 429 instead of 401, once in a CI run.)
 */
const ADDRESSES = 254 * 65_536;
let nextAddress = Math.floor(Math.random() * (ADDRESSES - 65_536));
/** A fresh loopback source address (127.x.y.z, x >= 1): a new client IP as the api's socket sees it. */
export const freshAddress = () => {
  const n = ++nextAddress;
  if ((n & 255) === 0 || (n & 255) === 255) return freshAddress(); // no .0 or .255 host part
  return `127.${1 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
};

/** Counts every answer: requests tried and 500s, each 500 kept with the request that got it. */
export class HostileClient extends ApiClient {
  private readonly agent: Agent;
  readonly address: string;

  constructor(address: string = freshAddress()) {
    super(apiUrl());
    this.address = address;
    this.agent = new Agent({ localAddress: address });
  }

  protected override async send(url: string, init: RequestInit): Promise<Response> {
    if (init.body instanceof FormData) {
      // undici's own fetch does not know Node's FormData (it would send '[object FormData]' as text):
      // encode it as multipart here, with its boundary.
      const encoded = new Response(init.body);
      const headers = { ...(init.headers as Record<string, string>) };
      headers['content-type'] = encoded.headers.get('content-type')!;
      init = { ...init, headers, body: new Uint8Array(await encoded.arrayBuffer()) };
    }
    return undiciFetch(url, { ...init, dispatcher: this.agent } as never) as unknown as Promise<Response>;
  }

  override async call(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
    const answer = await super.call(method, path, body, headers);
    tally.requests++;
    if (answer.status >= 500) {
      tally.serverErrors++;
      serverErrorRequests.push(`${method} ${path} -> ${answer.status}`);
    }
    return answer;
  }
}

/** A raw request (any body, any content type) from a hostile client, counted like the others. */
export async function raw(
  client: HostileClient,
  method: string,
  path: string,
  body: string | Uint8Array | undefined,
  headers: Record<string, string>,
) {
  return client.call(method, path, body === undefined ? undefined : new RawBody(body), headers);
}

/**
 * Registers `tag@example.com`, confirms it with the mailed code: a signed-in hostile applicant, from a fresh
 * address or from `address` (several accounts made from one place).
 */
export async function signedInApplicant(tag: string, overrides: Record<string, unknown> = {}, address?: string) {
  const b = new HostileClient(address);
  const since = new Date();
  const reg = await b.post('/auth/register', { ...applicantFor(tag), ...overrides });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const code = await codeFromMail(maildevUrl(), `${tag}@example.com`, since);
  const ok = await b.post('/auth/confirm-signup', { username: `${tag}@example.com`, password: TEST_PASSWORD, code });
  if (ok.status !== 200) throw new Error(`confirm answered ${ok.status}`);
  const user = await b.get(`/user/by-email/${encodeURIComponent(`${tag}@example.com`)}`);
  const data = user.body?.data;
  return { client: b, user: data, applicationId: String(data?.applications?.[0]?._id ?? '') };
}

/**
 * Each file ends by checking the api still answers and that no request of the file was answered 5xx (the
 * goal the report prints is 0: a 500 fails the file, naming the request), and by writing its tally.
 */
export function endOfFileChecks(file: string) {
  afterAll(async () => {
    const health = await fetch(`${apiUrl()}/health`).catch(() => undefined);
    writeTally(basename(file));
    expect(health?.status, 'the api must still be serving').toBe(200);
    expect(serverErrorRequests, 'requests answered 5xx in this file (goal 0)').toEqual([]);
  });
}

/**
 * Puts an application's saved journey position at the documents stage (the copy the api reads for what an
 * upload may bring; the workflow's own position is left as it is): a shortcut past the signature (step 1,
 * bank statements) and the statements' submission (step 2, the voided check and the license) for tests
 * whose subject is the upload itself.
 */
export async function atDocumentsStage(applicationId: string, pageStep = 2) {
  const { MongoClient, ObjectId } = await import('mongodb');
  const mongo = await MongoClient.connect(mongoUri());
  try {
    const path = pageStep === 1 ? '/bank-statements' : '/offers';
    await mongo
      .db()
      .collection('stages')
      .updateOne({ _id: new ObjectId(applicationId) }, { $set: { pageName: 'DOCUMENTS', pageStep, path } });
  } finally {
    await mongo.close();
  }
}
