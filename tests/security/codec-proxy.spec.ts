// The operators' door (stack/codec-proxy.ts) decrypts applicants' data for a signed-in operator only. The
// Temporal UI's settings, which any local process can read, used to carry the codec's secret path: with it
// whole histories were decoded (emails, EIN, birth date, SSN). They now name an endpoint that wants the
// operator's sign-in, and the api's codec no longer takes the published development token.
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { apiUrl, endOfFileChecks, tally } from './support';

endOfFileChecks(__filename);

type Reply = { status: number; body: string; headers: Record<string, string | string[] | undefined> };
/** A request to a loopback URL (whichever name it uses), Host as given or the URL's own. */
function send(target: string, method: string, body: string, headers: Record<string, string> = {}): Promise<Reply> {
  const url = new URL(target);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: { host: url.host, ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const door = () => inject('securityCodecUrl');
const token = () => inject('securityOperatorToken');
const json = { 'content-type': 'application/json' };
const SECRET_TEXT = btoa('"EIN 12-3456789"');
const plain = { metadata: { encoding: Buffer.from('json/plain').toString('base64') }, data: SECRET_TEXT };

/** A payload sealed by the api's codec (the operator's token). */
async function sealed(): Promise<string> {
  const res = await send(`${apiUrl()}/codec/encode`, 'POST', JSON.stringify({ payloads: [plain] }), {
    ...json,
    authorization: `Bearer ${token()}`,
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** An attempt that must not decode: counted, and the clear text must not be in the answer. */
function refused(res: Reply, status: number) {
  tally.requests++;
  if (res.status === 200) tally.invalidAccepted++;
  expect(res.status).toBe(status);
  expect(res.body).not.toContain(SECRET_TEXT);
}

/** The cookie the sign-in link sets. */
async function signedInCookie(): Promise<string> {
  const res = await send(`${door()}/sign-in?token=${encodeURIComponent(token())}`, 'GET', '');
  expect(res.status).toBe(303);
  const cookie = String(res.headers['set-cookie'] ?? '');
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Strict/);
  return cookie.split(';')[0]!;
}

describe("the operators' door to the Temporal UI and its codec", () => {
  it("gives no way to decode to whoever reads the Temporal UI's settings", async () => {
    const body = await sealed();
    const settings = await send(`${inject('securityTemporalUiUrl')}/api/v1/settings`, 'GET', '');
    expect(settings.status).toBe(200);
    const endpoint = String((JSON.parse(settings.body) as { Codec?: { Endpoint?: string } }).Codec?.Endpoint ?? '');
    expect(endpoint, 'the UI decodes through the door').toContain(new URL(door()).port);
    refused(await send(`${endpoint}/decode`, 'POST', body, json), 401);
    // The api's own codec: not with the published development token.
    const published = 'local-operator-token-change-me-in-production';
    refused(
      await send(`${apiUrl()}/codec/decode`, 'POST', body, { ...json, authorization: `Bearer ${published}` }),
      401,
    );
  });

  it('decodes for a signed-in operator and for nobody else', async () => {
    const body = await sealed();
    const cookie = await signedInCookie();
    const ok = await send(`${door()}/codec/decode`, 'POST', body, { ...json, cookie });
    expect(ok.status).toBe(200);
    expect(ok.body).toContain(SECRET_TEXT);

    refused(await send(`${door()}/sign-in?token=${token().slice(0, -1)}x`, 'GET', ''), 401);
    refused(await send(`${door()}/codec/decode`, 'POST', body, json), 401);
    refused(await send(`${door()}/codec/decode`, 'POST', body, { ...json, cookie: `${cookie}x` }), 401);
    refused(await send(`${door()}/codec/decode`, 'POST', body, { ...json, authorization: 'Bearer nope' }), 401);
    // DNS rebinding: the page's own host name arrives as Host.
    refused(await send(`${door()}/codec/decode`, 'POST', body, { ...json, cookie, host: 'attacker.example:80' }), 421);
    // A cross-site page: its Origin, or a "simple" text/plain POST that skips the preflight.
    const origin = 'https://attacker.example';
    refused(await send(`${door()}/codec/decode`, 'POST', body, { ...json, cookie, origin }), 403);
    refused(await send(`${door()}/codec/decode`, 'POST', body, { cookie, 'content-type': 'text/plain' }), 415);
  });

  it('serves the Temporal UI to a signed-in operator only', async () => {
    refused(await send(`${door()}/api/v1/settings`, 'GET', ''), 401);
    const cookie = await signedInCookie();
    const ui = await send(`${door()}/api/v1/settings`, 'GET', '', { cookie });
    expect(ui.status).toBe(200);
    expect(JSON.parse(ui.body)).toHaveProperty('Codec');
    const page = await send(`${door()}/`, 'GET', '', { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<html/i);
  });
});
