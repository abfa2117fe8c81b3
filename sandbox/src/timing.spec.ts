import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { holdFor } from '../../tests/support/until';
import { servedSpans, type ServedSpan } from './timing';

const timing = servedSpans();
const server = createServer((req, res) => {
  if (timing.handle(req, res)) return;
  // A fixed latency: the span it measures must be at least this.
  void holdFor(30, "the stand-in's latency").then(() => res.end('ok'));
}).listen(0, '127.0.0.1');
afterAll(() => new Promise((r) => server.close(r)));
const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const spans = async () => (await (await fetch(`${base()}/__timing`)).json()) as ServedSpan[];

it('answers the time each request took, since the last read, leaving out the benchmark’s own', async () => {
  await new Promise<void>((r) => (server.listening ? r() : server.once('listening', () => r())));
  const before = performance.timeOrigin + performance.now();
  await fetch(`${base()}/a`);
  await fetch(`${base()}/b`, { headers: { 'x-bench-client': '1' } });
  const after = performance.timeOrigin + performance.now();
  const first = await spans();
  expect(first).toHaveLength(1);
  expect(first[0]!.end - first[0]!.start).toBeGreaterThanOrEqual(29);
  expect(first[0]!.start).toBeGreaterThanOrEqual(before);
  expect(first[0]!.end).toBeLessThanOrEqual(after);
  expect(await spans()).toEqual([]);
});

it('counts work simulated between requests (a document converting) as the service’s time', async () => {
  const before = performance.timeOrigin + performance.now();
  const readyAt = timing.processing(300);
  expect(readyAt - Date.now()).toBeGreaterThan(290);
  const [span] = await spans();
  expect(span!.end - span!.start).toBe(300);
  expect(span!.start).toBeGreaterThanOrEqual(before);
});
