// The api's check of Plaid's webhooks (plaid-webhook.ts) on the webhooks the Plaid stand-in, run in this
// process, sends as Plaid does (a Plaid-Verification JWT, ES256, its key from /webhook_verification_key/get
// through the real plaid client): the real one passes; unsigned, another key, 'none', stale and an altered
// body are refused.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Configuration, CountryCode, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicTokenFor } from '../../../sandbox/src/plaid/link-as-browser';
import { startPlaidStandin, type PlaidStandin } from '../../../sandbox/src/plaid/server';
import { until } from '../../../tests/support/until';
import { plaidWebhookRefusal, type PlaidWebhookKey, type WebhookKeyOf } from './plaid-webhook';

let standin: PlaidStandin;
let plaid: PlaidApi;
const received: { body: Buffer; verification?: string }[] = [];
const hooks = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ body: Buffer.concat(chunks), verification: req.headers['plaid-verification'] as string });
    res.end();
  });
});
const keyOf: WebhookKeyOf = async (kid) => {
  try {
    return (await plaid.webhookVerificationKeyGet({ key_id: kid })).data.key as unknown as PlaidWebhookKey;
  } catch {
    return undefined;
  }
};
const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const headerOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { kid: string };
const signedByStandin = async (body: string, iat?: number) =>
  (
    (await (
      await fetch(`${standin.url}/__admin/sign-webhook`, { method: 'POST', body: JSON.stringify({ body, iat }) })
    ).json()) as { verification: string }
  ).verification;

beforeAll(async () => {
  await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
  standin = await startPlaidStandin({
    port: 0,
    clientId: 'hook-client',
    secret: 'hook-secret',
    statementsReadyAfterMs: 100,
  });
  plaid = new PlaidApi(
    new Configuration({
      basePath: standin.url,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': 'hook-client', 'PLAID-SECRET': 'hook-secret' } },
    }),
  );
  const created = await plaid.linkTokenCreate({
    user: { client_user_id: 'u' },
    client_name: 'Fundwise',
    language: 'en',
    country_codes: [CountryCode.Us],
    products: [Products.Statements],
    statements: { start_date: '2025-06-01', end_date: '2026-06-01' },
    webhook: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`,
  });
  const public_token = await publicTokenFor(standin.url, created.data.link_token);
  const { access_token } = (await plaid.itemPublicTokenExchange({ public_token })).data;
  // STATEMENTS_REFRESH_COMPLETE follows /statements/refresh, and ITEM ERROR a login required.
  await plaid.statementsRefresh({ access_token, start_date: '2025-06-01', end_date: '2026-06-01' });
  await standin.requireLogin(true);
  await standin.requireLogin(false);
  await until(
    () => received.length,
    (n) => n >= 3,
    { ms: 5_000, what: 'the STATEMENTS, ERROR and LOGIN_REPAIRED webhooks received' },
  );
});
afterAll(async () => {
  await standin?.close();
  hooks.close();
});

describe("Plaid's webhook verification", () => {
  it("passes the stand-in's webhooks, each signed for its own body", async () => {
    expect(
      received.map((r) => JSON.parse(r.body.toString()) as { webhook_code: string }).map((b) => b.webhook_code),
    ).toEqual(expect.arrayContaining(['STATEMENTS_REFRESH_COMPLETE', 'ERROR', 'LOGIN_REPAIRED']));
    for (const r of received) expect(await plaidWebhookRefusal(r.body, r.verification, keyOf)).toBeUndefined();
  });

  it('refuses unsigned, malformed, another algorithm, another key, an unknown kid, stale and altered bodies', async () => {
    const { body, verification } = received[0]!;
    const kid = headerOf(verification!).kid;
    expect(await plaidWebhookRefusal(body, undefined, keyOf)).toBe('unsigned');
    expect(await plaidWebhookRefusal(body, 'not-a-jwt', keyOf)).toBe('malformed');
    // The body changed by one character, the signature kept.
    const altered = Buffer.from(body.toString().replace('sandbox', 'sandbax'));
    expect(await plaidWebhookRefusal(altered, verification, keyOf)).toBe('body');
    // Signed by the stand-in 6 minutes ago, and 2 minutes ahead.
    const now = Math.floor(Date.now() / 1000);
    expect(await plaidWebhookRefusal(body, await signedByStandin(body.toString(), now - 301), keyOf)).toBe('stale');
    expect(await plaidWebhookRefusal(body, await signedByStandin(body.toString(), now + 120), keyOf)).toBe('stale');
    expect(await plaidWebhookRefusal(body, await signedByStandin(body.toString(), now - 240), keyOf)).toBeUndefined();
    // Another P-256 key claiming the stand-in's kid.
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const claims = { iat: now, request_body_sha256: createHash('sha256').update(body).digest('hex') };
    const signedWith = (head: object) => {
      const signed = `${part(head)}.${part(claims)}`;
      const sig = sign('sha256', Buffer.from(signed), { key: other.privateKey, dsaEncoding: 'ieee-p1363' });
      return `${signed}.${sig.toString('base64url')}`;
    };
    expect(await plaidWebhookRefusal(body, signedWith({ alg: 'ES256', kid, typ: 'JWT' }), keyOf)).toBe('signature');
    expect(await plaidWebhookRefusal(body, signedWith({ alg: 'ES256', kid: 'unknown-kid' }), keyOf)).toBe('unknownKey');
    expect(await plaidWebhookRefusal(body, `${part({ alg: 'none', kid })}.${part(claims)}.x`, keyOf)).toBe('algorithm');
    expect(await plaidWebhookRefusal(body, signedWith({ alg: 'HS256', kid }), keyOf)).toBe('algorithm');
  });
});
