// The agent every jsforce request goes through: bodies out whole with their length (jsforce streams them,
// which undici sent chunked, in writes of their own), answers in whole; through jsforce's own request module.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'jsforce/lib/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWholeResponses } from './whole-response';

let server: Server;
let url: string;
const seen: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: '00Q000000000001AAA', success: true, errors: [] }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  installWholeResponses();
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** One request as jsforce makes it (its body streamed in), answered with the status and body. */
function send(method: string, body?: string): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const stream = request({
      method: method as 'POST',
      url: `${url}/services/data/v59.0/sobjects/Lead`,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body }),
    });
    stream.on('complete', (res: { statusCode: number; body: string }) => resolve(res));
    stream.on('error', reject);
  });
}

describe('the CRM agent', () => {
  it('sends a lead write whole, with its length, never chunked, and reads the answer', async () => {
    const lead = JSON.stringify({ LastName: 'King', Company: 'Engines LLC', Description: 'é'.repeat(3_000) });
    seen.length = 0;
    const res = await send('POST', lead);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ success: true });
    expect(seen[0]!.body).toBe(lead);
    expect(seen[0]!.headers['transfer-encoding']).toBeUndefined();
    expect(seen[0]!.headers['content-length']).toBe(String(Buffer.byteLength(lead)));
  });

  it('leaves a request without a body as it was', async () => {
    seen.length = 0;
    const res = await send('GET');
    expect(res.statusCode).toBe(200);
    expect(seen[0]!.body).toBe('');
    expect(seen[0]!.headers['transfer-encoding']).toBeUndefined();
  });
});
