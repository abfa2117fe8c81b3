// A Box answer cut off after its headers: the call must fail at once (the activity's retry then looks the
// result up), not hang until the activity's start-to-close timeout (resilience suite, 'truncated response').
import { createConnection, createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEsignStandin } from '../../../sandbox/src';
import { startFaultProxy } from '../../../tests/support/fault-proxy';
import { BOX_REQUEST_TIMEOUT_MS, boxClient } from './box.client';

let esign: Awaited<ReturnType<typeof startEsignStandin>>;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;

beforeAll(async () => {
  esign = await startEsignStandin({
    port: 0,
    clientId: 'box-cut',
    clientSecret: 'box-cut-secret',
    seedFolders: [{ id: '100', name: 'applications' }],
  });
  proxy = await startFaultProxy(esign.url);
});
afterAll(async () => {
  await proxy?.close();
  await esign?.close();
});

it('a Box answer cut short fails the call at once, and the next call goes through', async () => {
  const box = boxClient(
    {
      BOX_API_URL: proxy.url,
      BOX_UPLOAD_URL: `${proxy.url}/api`,
      BOX_CLIENT_ID: 'box-cut',
      BOX_CLIENT_SECRET: 'box-cut-secret',
      BOX_ENTERPRISE_ID: '1',
    },
    { maxAttempts: 1 },
  );
  proxy.inject({ method: 'POST', path: '/2.0/folders' }, { kind: 'truncate' });
  const started = Date.now();
  await expect(box.folders.createFolder({ name: 'cut', parent: { id: '100' } })).rejects.toThrow();
  expect(Date.now() - started).toBeLessThan(BOX_REQUEST_TIMEOUT_MS / 4);
  expect(proxy.seen.some((s) => s.fault === 'truncate')).toBe(true);
  // The folder was made (the cut came after Box answered): the retry finds it by its name.
  const again = await box.folders.createFolder({ name: 'cut-2', parent: { id: '100' } });
  expect(again.id).toBeTruthy();
});

it('keeps its connection to Box open across calls (one handshake, not one per call)', async () => {
  // A TCP relay in front of the stand-in that counts the connections made to it.
  let connections = 0;
  const target = new URL(esign.url);
  const relay = createServer((client) => {
    connections++;
    const upstream = createConnection(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(relay.address() as { port: number }).port}`;
  try {
    const box = boxClient({
      BOX_API_URL: url,
      BOX_UPLOAD_URL: `${url}/api`,
      BOX_CLIENT_ID: 'box-cut',
      BOX_CLIENT_SECRET: 'box-cut-secret',
      BOX_ENTERPRISE_ID: '1',
    });
    for (let i = 0; i < 10; i++)
      expect((await box.folders.createFolder({ name: `kept-${i}`, parent: { id: '100' } })).id).toBeTruthy();
    // The token and ten calls, in turn: one connection (two if the SDK fetches its token on another).
    expect(connections).toBeLessThanOrEqual(2);
  } finally {
    relay.close();
  }
});

it('makes its Box calls without a stack trace per call to learn the scheme (the proxy agent, told it)', async () => {
  const box = boxClient({
    BOX_API_URL: esign.url,
    BOX_UPLOAD_URL: `${esign.url}/api`,
    BOX_CLIENT_ID: 'box-cut',
    BOX_CLIENT_SECRET: 'box-cut-secret',
    BOX_ENTERPRISE_ID: '1',
  });
  await box.folders.createFolder({ name: 'warm', parent: { id: '100' } }); // the token first
  // Every stack trace formatted meanwhile, by the frame that asked for it.
  const asked: string[] = [];
  const before = Error.prepareStackTrace;
  Error.prepareStackTrace = (e, frames) => {
    asked.push(frames.map((f) => f.getFileName() ?? '').join(' '));
    return before ? before(e, frames) : String(e);
  };
  try {
    for (let i = 0; i < 3; i++)
      expect((await box.folders.createFolder({ name: `scheme-${i}`, parent: { id: '100' } })).id).toBeTruthy();
  } finally {
    Error.prepareStackTrace = before;
  }
  expect(asked.filter((s) => s.includes('agent-base'))).toEqual([]);
});
