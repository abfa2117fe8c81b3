// The local codec proxy decrypts applicants' data for the Temporal UI only — the per-start
// secret in its path, its own Host name, the UI's Origin, and JSON bodies (no cross-site simple request).
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { endOfFileChecks, tally } from './support';

endOfFileChecks(__filename);

type Reply = { status: number; body: string };
function post(path: string, body: string, headers: Record<string, string>): Promise<Reply> {
  const url = new URL(inject('securityCodecUrl'));
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: 'POST', headers: { host: url.host, ...headers } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const json = { 'content-type': 'application/json' };
const plain = { metadata: { encoding: Buffer.from('json/plain').toString('base64') }, data: btoa('"EIN 12-3456789"') };

async function sealed(): Promise<string> {
  const res = await post(`/${inject('securityCodecSecret')}/encode`, JSON.stringify({ payloads: [plain] }), json);
  expect(res.status).toBe(200);
  return res.body;
}

/** An attempt that must not decode: counted, and the clear text must not be in the answer. */
function refused(res: Reply, status: number) {
  tally.requests++;
  if (res.status === 200) tally.invalidAccepted++;
  expect(res.status).toBe(status);
  expect(res.body).not.toContain(btoa('"EIN 12-3456789"'));
}

describe('the local codec proxy', () => {
  it('decodes for the UI (its secret path, JSON) and for nobody else', async () => {
    const body = await sealed();
    const secret = inject('securityCodecSecret');
    const ok = await post(`/${secret}/decode`, body, json);
    expect(ok.status).toBe(200);
    expect(ok.body).toContain(btoa('"EIN 12-3456789"'));

    refused(await post('/decode', body, json), 404);
    refused(await post('/api/decode', body, json), 404);
    refused(await post(`/${secret.slice(0, -1)}x/decode`, body, json), 404);
    // DNS rebinding: the page's own host name arrives as Host.
    refused(await post(`/${secret}/decode`, body, { ...json, host: 'attacker.example:80' }), 421);
    // A cross-site page: its Origin, or a "simple" text/plain POST that skips the preflight.
    refused(await post(`/${secret}/decode`, body, { ...json, origin: 'https://attacker.example' }), 403);
    refused(await post(`/${secret}/decode`, body, { 'content-type': 'text/plain' }), 415);
  });
});
