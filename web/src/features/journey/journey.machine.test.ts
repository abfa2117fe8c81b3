import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { nextPosition, positionOf, previousPosition, type JourneyPosition, type StageRecord } from '@portal/libs';
import { journeyMachine, leavePage } from './journey.machine';

/** The server's side, kept honest: it applies the libs' stage table to what it has saved. */
function server(saved: JourneyPosition) {
  const calls: string[] = [];
  const machine = journeyMachine.provide({
    actors: {
      saveMove: fromPromise<StageRecord, { applicationId: string; move: 'next' | 'back'; from: JourneyPosition }>(
        async ({ input }) => {
          calls.push(`${input.move} from ${input.from.pageName}:${input.from.pageStep}`);
          const m = input.move === 'next' ? nextPosition(saved) : previousPosition(saved);
          if (!m.ok) throw new Error(m.error);
          return { applicationId: input.applicationId, isPdfSent: false, ...m.position };
        },
      ),
    },
  });
  return { calls, machine };
}

const at = (pageName: 'BUSINESS' | 'DOCUMENTS', pageStep: number) => positionOf(pageName, pageStep)!;

describe('journey machine', () => {
  it('moves the saved stage on when leaving the step it records', async () => {
    const s = server(at('BUSINESS', 3));
    const moved = await leavePage(
      { applicationId: 'a', saved: at('BUSINESS', 3) },
      { pageName: 'BUSINESS', pageStep: 3 },
      'next',
      s.machine,
    );
    expect(moved).toEqual({ pageName: 'SIGNATURE', pageStep: 1, path: '/signature' });
    expect(s.calls).toEqual(['next from BUSINESS:3']);
  });

  it('leaves the saved stage alone when revisiting an earlier page', async () => {
    const s = server(at('DOCUMENTS', 1));
    const moved = await leavePage(
      { applicationId: 'a', saved: at('DOCUMENTS', 1) },
      { pageName: 'BUSINESS', pageStep: 3 },
      'next',
      s.machine,
    );
    expect(moved).toBeUndefined();
    expect(s.calls).toEqual([]);
  });

  it('does not ask for a move past the last step, which the stage table has no room for', async () => {
    const s = server(at('DOCUMENTS', 3));
    const moved = await leavePage(
      { applicationId: 'a', saved: at('DOCUMENTS', 3) },
      { pageName: 'DOCUMENTS', pageStep: 3 },
      'next',
      s.machine,
    );
    expect(moved).toBeUndefined();
    expect(s.calls).toEqual([]);
  });

  it('goes back a step, and surfaces a server refusal', async () => {
    const back = server(at('BUSINESS', 1));
    expect(
      await leavePage(
        { applicationId: 'a', saved: at('BUSINESS', 1) },
        { pageName: 'BUSINESS', pageStep: 1 },
        'back',
        back.machine,
      ),
    ).toEqual({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial' });

    const stale = server(at('DOCUMENTS', 3)); // the server has moved on since the page loaded
    await expect(
      leavePage(
        { applicationId: 'a', saved: at('BUSINESS', 3) },
        { pageName: 'BUSINESS', pageStep: 3 },
        'next',
        stale.machine,
      ),
    ).rejects.toThrow('No further stage available');
  });
});
