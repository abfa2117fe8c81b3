// Item 4, the stage update: PATCH /api/stage/{id} through the api (A) against a bare Temporal client sending
// the workflow the same update (B). Both re-save the current position, so neither moves the journey.
import { DETAILS_ANSWERS, FINANCIAL_ANSWERS, QUESTION_ANSWERS, ownerAnswers } from '../../support/journey.ts';
import { positionsOf, stageRequests, type BenchContext } from '../context.ts';
import { pairedFigures } from '../paired.ts';
import type { Figure } from '../report.ts';

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const { S, applicants, libs } = ctx;
  ctx.log('\n4. stage update: PATCH /api/stage/{id} (A) against a bare Temporal client sending the same update (B)');
  const settingsApi = libs.loadEnv(libs.API_SETTINGS, { ...process.env, ...ctx.env });
  const answered = libs.answeredSections({
    business: { ...FINANCIAL_ANSWERS, ...QUESTION_ANSWERS, ...DETAILS_ANSWERS },
    owners: [ownerAnswers('owner@example.com')],
    offerSelected: false,
  });
  const positions = await positionsOf(applicants);
  return pairedFigures(ctx, {
    item: '4',
    what: 'stage update',
    cpu: 'worker',
    a: () =>
      ctx.run({
        kind: 'http',
        origin: ctx.api,
        requests: stageRequests(applicants, positions),
        concurrency: S.concurrency,
        seconds: S.seconds,
      }),
    b: () =>
      ctx.run({
        kind: 'temporal',
        address: ctx.env.TEMPORAL_ADDRESS!,
        namespace: settingsApi.TEMPORAL_NAMESPACE,
        payloadKey: { PAYLOAD_KEY_ID: settingsApi.PAYLOAD_KEY_ID, PAYLOAD_KEY: settingsApi.PAYLOAD_KEY },
        updates: applicants.map((a, i) => {
          const { pageName, pageStep } = positions[i]!;
          return {
            workflowId: `application-${a.applicationId}`,
            name: 'moveStage',
            args: [{ to: 'position', pageName, pageStep, from: { pageName, pageStep }, answered }],
          };
        }),
        concurrency: S.concurrency,
        seconds: S.seconds,
      }),
    figures: [
      { key: 'rps', name: 'stage updates/s', unit: 'upd/s', goal: '≥ 0.8× baseline', pass: (r) => r >= 0.8 },
      { key: 'p50', name: 'stage update p50', unit: 'ms', goal: '≤ 1.3× baseline', pass: (r) => r <= 1.3 },
    ],
  });
}
