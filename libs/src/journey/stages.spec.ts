import { describe, expect, it } from 'vitest';
import { judgeMove } from './moves';
import {
  JOURNEY_STAGES,
  mayMoveForward,
  NO_EARLIER_STAGE,
  NO_FURTHER_STAGE,
  nextPosition,
  positionOf,
  previousPosition,
  resolveMove,
  STAGE_MOVE_REFUSED,
  STAGE_NAMES,
  stageSteps,
  type JourneyPosition,
} from './stages';

const walkForward = (): JourneyPosition[] => {
  const seen: JourneyPosition[] = [{ pageName: 'PERSONAL', pageStep: 1, path: '/sign-up' }];
  for (;;) {
    const move = nextPosition(seen[seen.length - 1]!);
    if (!move.ok) return seen;
    seen.push(move.position);
  }
};

describe('journey stages', () => {
  it('has five stages with 1, 1, 3, 1 and 3 steps', () => {
    expect(JOURNEY_STAGES.map((s) => [s.name, stageSteps(s.name)])).toEqual([
      ['PERSONAL', 1],
      ['FINANCIAL', 1],
      ['BUSINESS', 3],
      ['SIGNATURE', 1],
      ['DOCUMENTS', 3],
    ]);
  });

  it('walks every step forward in order', () => {
    expect(walkForward().map((p) => `${p.pageName}:${p.pageStep}:${p.path}`)).toEqual([
      'PERSONAL:1:/sign-up',
      'FINANCIAL:1:/financial',
      'BUSINESS:1:/business',
      'BUSINESS:2:/business',
      'BUSINESS:3:/owners',
      'SIGNATURE:1:/signature',
      'DOCUMENTS:1:/bank-statements',
      'DOCUMENTS:2:/offers',
      'DOCUMENTS:3:/offers',
    ]);
  });

  it('rejects next after the last step with the spec message', () => {
    expect(nextPosition({ pageName: 'DOCUMENTS', pageStep: 3 })).toEqual({
      ok: false,
      error: NO_FURTHER_STAGE,
      code: 'NO_FURTHER_STAGE',
    });
    expect(NO_FURTHER_STAGE).toBe('No further stage available');
  });

  it('walks every step back to PERSONAL and no further', () => {
    const forward = walkForward();
    for (let i = forward.length - 1; i > 0; i--) {
      expect(previousPosition(forward[i]!)).toEqual({ ok: true, position: forward[i - 1] });
    }
    expect(previousPosition({ pageName: 'PERSONAL', pageStep: 1 })).toEqual({
      ok: false,
      error: NO_EARLIER_STAGE,
      code: 'NO_EARLIER_STAGE',
    });
  });

  it('knows no step beyond a stage', () => {
    expect(positionOf('FINANCIAL', 2)).toBeUndefined();
    expect(positionOf('BUSINESS', 3)).toEqual({ pageName: 'BUSINESS', pageStep: 3, path: '/owners' });
  });
});

describe('resolveMove', () => {
  const at = (pageName: JourneyPosition['pageName'], pageStep: number) => positionOf(pageName, pageStep)!;
  it('moves one step on and back, and re-saves the current position', () => {
    expect(resolveMove(at('FINANCIAL', 1), { to: 'next' })).toEqual({ ok: true, position: at('BUSINESS', 1) });
    expect(resolveMove(at('BUSINESS', 1), { to: 'back' })).toEqual({ ok: true, position: at('FINANCIAL', 1) });
    expect(resolveMove(at('BUSINESS', 2), { to: 'position', pageName: 'BUSINESS', pageStep: 3 })).toEqual({
      ok: true,
      position: at('BUSINESS', 3),
    });
    expect(resolveMove(at('BUSINESS', 2), { to: 'position', pageName: 'BUSINESS', pageStep: 2 }).ok).toBe(true);
    expect(resolveMove(at('BUSINESS', 2), { to: 'position', pageName: 'BUSINESS', pageStep: 1 }).ok).toBe(true);
  });
  it('refuses a jump ahead, and anything past the last step with the spec message', () => {
    expect(resolveMove(at('FINANCIAL', 1), { to: 'position', pageName: 'DOCUMENTS', pageStep: 1 })).toEqual({
      ok: false,
      error: STAGE_MOVE_REFUSED,
      code: 'STAGE_MOVE_REFUSED',
    });
    expect(resolveMove(at('DOCUMENTS', 3), { to: 'next' })).toEqual({
      ok: false,
      error: NO_FURTHER_STAGE,
      code: 'NO_FURTHER_STAGE',
    });
    expect(resolveMove(at('DOCUMENTS', 3), { to: 'position', pageName: 'SIGNATURE', pageStep: 1 })).toEqual({
      ok: false,
      error: NO_FURTHER_STAGE,
      code: 'NO_FURTHER_STAGE',
    });
    expect(resolveMove(at('DOCUMENTS', 3), { to: 'position', pageName: 'DOCUMENTS', pageStep: 2 }).ok).toBe(true);
    expect(resolveMove(at('PERSONAL', 1), { to: 'back' })).toEqual({
      ok: false,
      error: NO_EARLIER_STAGE,
      code: 'NO_EARLIER_STAGE',
    });
  });
});

describe('mayMoveForward', () => {
  const from = { pageName: 'BUSINESS', pageStep: 2 } as const;
  it('is false for a re-save or a move back, whatever the answers, and true otherwise', () => {
    expect(mayMoveForward({ to: 'position', pageName: 'BUSINESS', pageStep: 2, from })).toBe(false);
    expect(mayMoveForward({ to: 'position', pageName: 'BUSINESS', pageStep: 1, from })).toBe(false);
    expect(mayMoveForward({ to: 'back', from })).toBe(false);
    expect(mayMoveForward({ to: 'position', pageName: 'BUSINESS', pageStep: 3, from })).toBe(true);
    expect(mayMoveForward({ to: 'position', pageName: 'SIGNATURE', pageStep: 1, from })).toBe(true);
    expect(mayMoveForward({ to: 'next', from })).toBe(true);
    expect(mayMoveForward({ to: 'position', pageName: 'BUSINESS', pageStep: 1 })).toBe(true);
  });

  it('agrees with judgeMove: where it is false, judging without answers gives the same verdict as with them', () => {
    const all = ['financial', 'businessQuestion', 'businessDetails', 'owners', 'offer'] as const;
    const positions = STAGE_NAMES.flatMap((pageName) =>
      Array.from({ length: stageSteps(pageName) }, (_, i) => ({ pageName, pageStep: i + 1 })),
    );
    const facts = { signed: false, statementsSubmitted: false };
    for (const current of positions)
      for (const f of positions)
        for (const target of positions) {
          const move = { to: 'position' as const, ...target, from: f };
          if (mayMoveForward(move)) continue;
          const here = positionOf(current.pageName, current.pageStep)!;
          expect(judgeMove(here, { ...move, answered: [] }, facts)).toEqual(
            judgeMove(here, { ...move, answered: [...all] }, facts),
          );
        }
  });
});
