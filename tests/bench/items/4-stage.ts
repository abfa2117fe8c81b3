// Item 4, a real stage move: PATCH /api/stage/{id} through the api (A: its owner check, the saved answers a
// move forward needs, the Temporal update `moveStage` with its validator, and the record write) against a
// bare Temporal client's `executeUpdate` of the same update on the same workflow (B). Each applicant's
// journey goes forward to the next position, then back (the Back button), in turn, in the same sequence for
// A and B: every request is a move that reaches Temporal, and an answer that did not move is an error.
import { DETAILS_ANSWERS, FINANCIAL_ANSWERS, QUESTION_ANSWERS, ownerAnswers } from '../../support/journey.ts';
import { headersOf, positionsOf, type BenchContext } from '../context.ts';
import type { StageFlip } from '../driver.ts';
import { pairedFigures } from '../paired.ts';
import type { Figure } from '../report.ts';

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const { S, applicants, libs } = ctx;
  ctx.log('\n4. stage move: PATCH /api/stage/{id} (A) against a bare Temporal client sending the same update (B)');
  const settingsApi = libs.loadEnv(libs.API_SETTINGS, { ...process.env, ...ctx.env });
  // What the api reads before a move forward: the saved sections (bench applicants have them all).
  const answered = libs.answeredSections({
    business: { ...FINANCIAL_ANSWERS, ...QUESTION_ANSWERS, ...DETAILS_ANSWERS },
    owners: [ownerAnswers('owner@example.com')],
    offerSelected: false,
  });
  const flips: StageFlip[] = (await positionsOf(applicants)).map(({ pageName, pageStep }, i) => {
    const next = libs.nextPosition({ pageName: pageName as never, pageStep });
    if (!next.ok) throw new Error(`applicant ${i + 1} stands at ${pageName} ${pageStep}: no next position`);
    const there = { pageName: next.position.pageName, pageStep: next.position.pageStep };
    return { key: applicants[i]!.applicationId, positions: [{ pageName, pageStep }, there] };
  });
  const overHttp = flips.map((f, i) => ({
    ...f,
    path: `/api/stage/${applicants[i]!.applicationId}`,
    headers: headersOf(applicants[i]!, true),
  }));
  // One caller per applicant at most: two callers moving one journey would make each other's moves stale.
  const concurrency = Math.min(S.concurrency, applicants.length);
  const figures = await pairedFigures(ctx, {
    item: '4',
    what: 'stage move',
    cpu: 'worker',
    a: () => ctx.run({ kind: 'stage-http', origin: ctx.api, flips: overHttp, concurrency, seconds: S.seconds }),
    b: () =>
      ctx.run({
        kind: 'stage-temporal',
        address: ctx.env.TEMPORAL_ADDRESS!,
        namespace: settingsApi.TEMPORAL_NAMESPACE,
        payloadKey: { PAYLOAD_KEY_ID: settingsApi.PAYLOAD_KEY_ID, PAYLOAD_KEY: settingsApi.PAYLOAD_KEY },
        mongoUri: settingsApi.MONGODB_URI,
        flips: flips.map((f, i) => ({ ...f, workflowId: `application-${applicants[i]!.applicationId}`, answered })),
        concurrency,
        seconds: S.seconds,
      }),
    figures: [
      { key: 'rps', name: 'stage moves/s', unit: 'moves/s', goal: '≥ 0.8× baseline', pass: (r) => r >= 0.8 },
      { key: 'p50', name: 'stage move p50', unit: 'ms', goal: '≤ 1.3× baseline', pass: (r) => r <= 1.3 },
    ],
  });
  // Every journey back where it was, the last move through the api (so MongoDB's copy agrees with Temporal).
  await ctx.run({ kind: 'stage-settle', origin: ctx.api, flips: overHttp });
  const moved = await positionsOf(applicants);
  moved.forEach((p, i) => {
    const want = flips[i]!.positions[0];
    if (p.pageName !== want.pageName || p.pageStep !== want.pageStep)
      ctx.failures.push(`stage move: applicant ${i + 1} left at ${p.pageName} ${p.pageStep}`);
  });
  return figures;
}
