import { createActor, fromPromise } from 'xstate';
import {
  JOURNEY_CODES,
  judgeMove,
  positionOf,
  type JourneyPosition,
  type MoveFacts,
  type SessionApplicationView,
  type StageName,
} from '@portal/libs';
import { hydrateEvent } from './journey-answers';
import { journeyMachine } from './journey.machine';

export const at = (pageName: StageName, pageStep: number): JourneyPosition => {
  const p = positionOf(pageName, pageStep);
  if (!p) throw new Error(`no step ${pageName}:${pageStep}`);
  return p;
};

/**
 * The server's side for machine tests: the workflow's moveStage rule (libs judgeMove, which its update
 * validator runs) over a saved position, recording every request the machine makes.
 */
export function testServer(
  position: JourneyPosition,
  facts: MoveFacts = { signed: false, statementsSubmitted: false },
) {
  const server = { position, facts, requests: [] as string[], refusals: [] as string[], giggles: [] as string[] };
  const machine = journeyMachine.provide({
    actors: {
      moveStage: fromPromise(async ({ input }) => {
        const { move } = input;
        server.requests.push(`${move.to} from ${move.from.pageName}:${move.from.pageStep}`);
        const verdict = judgeMove(server.position, move, server.facts);
        if (!verdict.ok) {
          server.refusals.push(verdict.error);
          // As the api client does: the refusal's message code (data.messageCode), not its English.
          throw new Error(JOURNEY_CODES[verdict.code]);
        }
        server.position = verdict.position;
        return verdict.position;
      }),
      giggle: fromPromise(async ({ input }) => void server.giggles.push(input.action)),
    },
  });
  return { server, machine };
}

/**
 * A started actor hydrated, as the router does, with the session's application at `saved` (its opportunity
 * and whether its statements are submitted as given), whose navigations are recorded.
 */
export function startAt(
  saved: JourneyPosition,
  options: { facts?: MoveFacts; sfOpportunityId?: string; statementsSubmitted?: boolean } = {},
) {
  const { server, machine } = testServer(saved, options.facts);
  const routes: string[] = [];
  /** The navigations with the step shown there (the history entry keeps it). */
  const steps: { route: string; step?: number }[] = [];
  const actor = createActor(
    machine.provide({
      actions: {
        navigate: (_, { route, step }) => {
          routes.push(route);
          steps.push({ route, step });
        },
      },
    }),
  ).start();
  const application: SessionApplicationView = {
    _id: 'app-1',
    applicationStatus: 'Created',
    stage: saved,
    sfOpportunityId: options.sfOpportunityId,
    statementsSubmitted: options.statementsSubmitted ?? false,
  };
  actor.send(hydrateEvent(application));
  return { actor, server, routes, steps };
}

/** Resolves once the actor is back at rest (no server call under way). */
const atRest = (actor: ReturnType<typeof startAt>['actor']) => {
  const s = actor.getSnapshot();
  return s.matches('ready') || s.matches('idle');
};

/** Resolves once the actor is back at rest (no server call under way). */
export const settled = (actor: ReturnType<typeof startAt>['actor']) =>
  new Promise<void>((resolve) => {
    if (atRest(actor)) return resolve();
    const sub = actor.subscribe(() => {
      if (!atRest(actor)) return;
      sub.unsubscribe();
      resolve();
    });
  });
