// Item 3, the read path: GET /api/user/by-email through the api (A) against a bare node:http handler over
// the native MongoDB driver reading the same user (B, tests/bench/bare-read-server.ts).
import { readRequests, type BenchContext } from '../context.ts';
import { pairedFigures } from '../paired.ts';
import type { Figure } from '../report.ts';

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const { S, applicants } = ctx;
  ctx.log('\n3. read path: GET /api/user/by-email (A) against a bare node:http + native driver handler (B)');
  return pairedFigures(ctx, {
    item: '3',
    what: 'read path',
    cpu: 'bare-read',
    a: () =>
      ctx.run({
        kind: 'http',
        origin: ctx.api,
        requests: readRequests(applicants),
        concurrency: S.concurrency,
        seconds: S.seconds,
      }),
    b: () =>
      ctx.run({
        kind: 'http',
        origin: `http://127.0.0.1:${ctx.benchPorts.bareRead}`,
        requests: applicants.map((a) => ({ method: 'GET', path: `/user/${a.userId}`, headers: {} })),
        concurrency: S.concurrency,
        seconds: S.seconds,
      }),
    figures: [
      { key: 'rps', name: 'read path requests/s', unit: 'req/s', goal: '≥ 0.9× baseline', pass: (r) => r >= 0.9 },
      { key: 'p99', name: 'read path p99', unit: 'ms', goal: '≤ 1.3× baseline', pass: (r) => r <= 1.3 },
    ],
  });
}
