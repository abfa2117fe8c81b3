// Item 1, cost as the data grows: four operations at each size of the database (seeded through the api's
// models), each size against the first. Sizes grow one database in turn, so they cannot be interleaved.
import { TEST_PASSWORD } from '../../support/api-client.ts';
import { ownerAnswers } from '../../support/journey.ts';
import { headersOf, positionsOf, readRequests, stageRequests, type BenchContext } from '../context.ts';
import { median, type LoadResult } from '../load.ts';
import type { Figure } from '../report.ts';
import { openModels, readTemplate, seed } from '../seed.ts';

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const { smoke, S, log, applicants, api } = ctx;
  const sizes = ctx.arg('sizes')?.split(',').map(Number) ?? (smoke ? [50] : [1_000, 10_000, 100_000]);
  log(`\n1. cost as the data grows: ${sizes.join(', ')} applications (seeded through the api's models)`);
  const { models, close } = await openModels(ctx.root, ctx.env.MONGODB_URI!);
  const template = await readTemplate(models, applicants[0]!.userId);
  const setIds = await Promise.all(
    applicants.map(async (a) => (await a.client.post('/owner', { applicationId: a.applicationId })).body._id as string),
  );
  const positions = await positionsOf(applicants);
  const load = (requests: ReturnType<typeof readRequests>, concurrency = S.concurrency) =>
    ctx.run({ kind: 'http', origin: api, requests, concurrency, seconds: S.seconds });
  const ops: Record<string, () => Promise<LoadResult>> = {
    'read path': () => load(readRequests(applicants)),
    'sign-in': () =>
      load(
        applicants.map((a) => ({
          method: 'POST',
          path: '/api/auth/login',
          headers: headersOf(a, true),
          body: JSON.stringify({ username: a.email, password: TEST_PASSWORD }),
        })),
        Math.min(S.concurrency, applicants.length),
      ),
    'stage update': () => load(stageRequests(applicants, positions)),
    'owner save': () =>
      load(
        applicants.map((a, i) => ({
          method: 'PATCH',
          path: `/api/owner/${setIds[i]}`,
          headers: headersOf(a, true),
          body: JSON.stringify({ owners: [ownerAnswers(a.email)] }),
        })),
      ),
  };
  const bySize: Record<number, Record<string, LoadResult[]>> = {};
  let have = await models.applications.countDocuments();
  for (const size of sizes) {
    if (size > have) {
      log(`  seeding to ${size}...`);
      await seed(models, template, have, size - have, log);
      have = size;
    }
    bySize[size] = Object.fromEntries(Object.keys(ops).map((k) => [k, []]));
    // The operations in turn, round after round (the first round a warm-up), so a drift in the
    // machine's speed touches each alike.
    for (let r = 0; r < S.warmup + S.rounds; r++)
      for (const [name, op] of Object.entries(ops)) {
        const res = await op();
        log(`  ${size}: ${name} ${res.rps.toFixed(1)}/s p99 ${res.p99.toFixed(0)} ms (${res.errors} errors)`);
        if (r >= S.warmup) bySize[size]![name]!.push(res);
      }
    // Errors always fail the run; a size so slow that nothing was answered in a run is a figure (0/s).
    for (const [name, rs] of Object.entries(bySize[size]!))
      ctx.check(
        `${name} at ${size}`,
        rs.filter((r) => r.errors > 0 || size === sizes[0]),
      );
  }
  await close();
  const first = sizes[0]!;
  const figures: Figure[] = [];
  for (const size of sizes)
    for (const name of Object.keys(ops)) {
      const rps = median(bySize[size]![name]!.map((r) => r.rps));
      const base = median(bySize[first]![name]!.map((r) => r.rps));
      // Every larger book is judged against the first, which is their baseline.
      const judged = size !== first;
      figures.push({
        item: '1',
        name: `${name} at ${size.toLocaleString('en')} applications: requests/s (p99 ${median(bySize[size]![name]!.map((r) => r.p99)).toFixed(0)} ms)`,
        unit: 'req/s',
        value: rps,
        baseline: size === first ? undefined : base,
        ratio: size === first ? undefined : rps / base,
        goal: judged ? `≥ 0.8× at ${first.toLocaleString('en')}` : 'baseline of the larger books',
        pass: judged ? rps / base >= 0.8 : undefined,
        note: `counted rounds: ${bySize[size]![name]!.map((r) => r.rps.toFixed(0)).join(', ')}/s`,
      });
    }
  return figures;
}
