import { describe, expect, it } from 'vitest';
import { SUBMISSION_STEPS, isFinalStep, judgeSubmission } from './moves';
import { JOURNEY_STAGES, positionOf, type JourneyPosition } from './stages';

const POSITIONS: JourneyPosition[] = JOURNEY_STAGES.flatMap((s) => s.paths.map((_, i) => positionOf(s.name, i + 1)!));
const label = (p: JourneyPosition) => `${p.pageName}:${p.pageStep}`;

describe('the moves the workflow makes by itself', () => {
  it('moves one step on from its own step only, and leaves every other step where it is', () => {
    const walked = POSITIONS.flatMap((p) =>
      (['signature', 'statements', 'application'] as const).map(
        (s) => `${s} at ${label(p)} -> ${label(judgeSubmission(p, s))}`,
      ),
    );
    const moved = walked.filter((line) => {
      const [, from, to] = /at (\S+) -> (\S+)/.exec(line)!;
      return from !== to;
    });
    expect(moved).toEqual([
      'signature at SIGNATURE:1 -> DOCUMENTS:1',
      'statements at DOCUMENTS:1 -> DOCUMENTS:2',
      'application at DOCUMENTS:2 -> DOCUMENTS:3',
    ]);
    expect(walked).toHaveLength(POSITIONS.length * 3);
  });

  it('lands on the pages the web shows next: the bank statements, the offers, then the booking view', () => {
    const signature = positionOf(SUBMISSION_STEPS.signature.pageName, SUBMISSION_STEPS.signature.pageStep)!;
    expect(judgeSubmission(signature, 'signature').path).toBe('/bank-statements');
    const statements = positionOf(SUBMISSION_STEPS.statements.pageName, SUBMISSION_STEPS.statements.pageStep)!;
    expect(judgeSubmission(statements, 'statements').path).toBe('/offers');
    const booking = judgeSubmission(judgeSubmission(statements, 'statements'), 'application');
    expect(isFinalStep(booking)).toBe(true);
    expect(POSITIONS.filter(isFinalStep).map(label)).toEqual(['DOCUMENTS:3']);
  });
});
