import { assign, createActor, fromPromise, setup, toPromise } from 'xstate';
import { isStageName, resolveMove, type JourneyPosition, type StageRecord } from '@portal/libs';
import { journeyApi } from './journey-api';

type Saved = { pageName: string; pageStep: number; path: string };
type Input = { applicationId: string; saved?: Saved };
type Leave = { type: 'LEAVE'; from: { pageName: string; pageStep: number }; move: 'next' | 'back' };
type Context = Input & { moved?: JourneyPosition; error?: unknown };

const asPosition = (s?: Saved): JourneyPosition | undefined =>
  s && isStageName(s.pageName) ? { pageName: s.pageName, pageStep: s.pageStep, path: s.path } : undefined;

/**
 * Leaving a journey page (section 4 'Stages and steps'). The saved stage moves only when the applicant
 * leaves the step it records and the libs' stage table allows the move; someone revisiting an earlier
 * page keeps their place. The server's workflow decides for good; this spares it a refused request.
 */
export const journeyMachine = setup({
  types: { context: {} as Context, input: {} as Input, events: {} as Leave, output: {} as Context },
  actors: {
    saveMove: fromPromise<StageRecord, { applicationId: string; move: 'next' | 'back'; from: JourneyPosition }>(
      ({ input }) =>
        journeyApi.moveStage(input.applicationId, {
          to: input.move,
          from: { pageName: input.from.pageName, pageStep: input.from.pageStep },
        }),
    ),
  },
  guards: {
    movesSavedStage: ({ context, event }) => {
      const saved = asPosition(context.saved);
      return (
        !!saved &&
        saved.pageName === event.from.pageName &&
        saved.pageStep === event.from.pageStep &&
        resolveMove(saved, { to: event.move }).ok
      );
    },
  },
}).createMachine({
  id: 'journey',
  context: ({ input }) => input,
  initial: 'onPage',
  states: {
    onPage: {
      on: {
        LEAVE: [{ guard: 'movesSavedStage', target: 'saving' }, { target: 'left' }],
      },
    },
    saving: {
      invoke: {
        src: 'saveMove',
        input: ({ context, event }) => ({
          applicationId: context.applicationId,
          move: (event as Leave).move,
          from: asPosition(context.saved)!,
        }),
        onDone: {
          target: 'left',
          actions: assign({ moved: ({ event }) => asPosition(event.output) }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    left: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => context,
});

/** Runs one page exit through the machine: the new saved position, or undefined when it stays. */
export async function leavePage(
  input: Input,
  from: Leave['from'],
  move: Leave['move'],
  machine: typeof journeyMachine = journeyMachine,
): Promise<JourneyPosition | undefined> {
  const actor = createActor(machine, { input }).start();
  actor.send({ type: 'LEAVE', from, move });
  const out = await toPromise(actor);
  if (out.error) throw out.error;
  return out.moved;
}
