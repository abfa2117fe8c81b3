import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  INITIAL_POSITION,
  JOURNEY_CODES,
  judgeMove,
  nextPosition,
  previousPosition,
  type AnswerSection,
  type JourneyPosition,
  type SessionApplicationView,
  type StageMove,
} from '@portal/libs';
import { journeyApi } from './journey-api';
import { asPosition, GIGGLE_ROUTE, guardRoute, isBefore, positionOnRoute, stepShown } from './journey-routes';

/**
 * What the machine needs of the session's application: its id, its saved stage, whether it has an
 * opportunity (the spec's route guard) and whether its statements are submitted (the api's answer).
 */
export type JourneyApplication = Pick<
  SessionApplicationView,
  '_id' | 'sfOpportunityId' | 'statementsSubmitted' | 'stage'
>;

export type JourneyContext = {
  applicationId?: string;
  /** The server's saved stage: where the journey is. */
  position: JourneyPosition;
  /** The stage step the applicant is looking at (behind `position` when they came back to a page). */
  at: JourneyPosition;
  /** The route the applicant is on (giggle-finance is not a stage of its own). */
  route: string;
  sfOpportunityId?: string;
  signed: boolean;
  /** The api's answer (session or submission), never guessed from the opportunity: a CRM outage delays that. */
  statementsSubmitted: boolean;
  /** The move being asked of the server. */
  pending?: StageMove & { from: { pageName: JourneyPosition['pageName']; pageStep: number } };
  error?: string;
};

/** Pages send these, with what they saved; they never name a route nor call the stage api. */
export type JourneyEvent =
  | { type: 'journey.hydrate'; application: JourneyApplication }
  /** `step`: the step the history entry showed, when Back or Forward returns to it (a page of two steps). */
  | { type: 'journey.visit'; route: string; step?: number }
  | {
      type: 'journey.next';
      saved?: AnswerSection;
      signed?: boolean;
      statementsSubmitted?: boolean;
      sfOpportunityId?: string;
      /**
       * Where the server has already moved the journey (a submission's answer): the machine lands there
       * and asks for no move of its own, which the workflow would only answer with the same place.
       */
      landed?: { pageName: string; pageStep: number };
    }
  | { type: 'journey.back' }
  | { type: 'journey.giggle' }
  | { type: 'journey.reset' };

type MoveInput = { applicationId: string; move: NonNullable<JourneyContext['pending']> };
type GiggleInput = { applicationId: string; action: 'enter' | 'back' };

const EMPTY: JourneyContext = {
  position: INITIAL_POSITION,
  at: INITIAL_POSITION,
  route: INITIAL_POSITION.path,
  signed: false,
  statementsSubmitted: false,
};

const fromAt = (c: JourneyContext) => ({ pageName: c.at.pageName, pageStep: c.at.pageStep });

/** The move an event asks for, judged by the same libs rule as the workflow's moveStage validator. */
function verdictOf(context: JourneyContext, event: JourneyEvent) {
  const next = event.type === 'journey.next';
  const move: StageMove = {
    to: next ? 'next' : 'back',
    from: fromAt(context),
    answered: next && event.saved ? [event.saved] : [],
  };
  return judgeMove(context.position, move, {
    signed: context.signed || (next && !!event.signed),
    statementsSubmitted: context.statementsSubmitted || (next && !!event.statementsSubmitted),
  });
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The client journey: one long-lived actor, hydrated from the server's saved stage. A move
 * from the saved step goes to the server (the workflow decides; a stale one is answered with where the
 * journey is); a move from an earlier page the applicant came back to only changes the page, as the
 * saved stage stays where it was. The route follows the step, through the injected `navigate`.
 */
export const journeyMachine = setup({
  types: { context: {} as JourneyContext, events: {} as JourneyEvent },
  actors: {
    moveStage: fromPromise<JourneyPosition, MoveInput>(async ({ input }) =>
      asPosition(await journeyApi.moveStage(input.applicationId, input.move)),
    ),
    giggle: fromPromise<unknown, GiggleInput>(({ input }) => journeyApi.giggle(input.applicationId, input.action)),
  },
  actions: {
    // Provided by the app (the router) and by tests; the machine only says where.
    // `step`: the step shown there, which the history entry keeps so that Back and Forward return to it.
    navigate: (_, _params: { route: string; step?: number }) => undefined,
    hydrate: assign(({ event }) => {
      if (event.type !== 'journey.hydrate') return {};
      const position = asPosition(event.application.stage);
      return {
        ...EMPTY,
        applicationId: event.application._id,
        sfOpportunityId: event.application.sfOpportunityId,
        statementsSubmitted: event.application.statementsSubmitted,
        position,
        at: position,
        route: position.path,
      };
    }),
    // The session read again (after a submission, on each guarded route): what it says now is learnt;
    // neither fact is ever taken back.
    learnSession: assign(({ context, event }) =>
      event.type === 'journey.hydrate'
        ? {
            sfOpportunityId: event.application.sfOpportunityId || context.sfOpportunityId,
            statementsSubmitted: context.statementsSubmitted || event.application.statementsSubmitted,
          }
        : {},
    ),
    visit: assign(({ context, event }) => {
      if (event.type !== 'journey.visit') return {};
      const route = guardRoute(event.route, context.position, context.sfOpportunityId);
      const keep = context.at.path === route;
      const shown = route === event.route ? stepShown(route, event.step, context.position) : undefined;
      return {
        route,
        at: shown ?? (keep ? context.at : (positionOnRoute(route, context.position) ?? context.at)),
        error: undefined,
      };
    }),
    learnFacts: assign(({ context, event }) =>
      event.type === 'journey.next'
        ? {
            signed: context.signed || !!event.signed,
            statementsSubmitted: context.statementsSubmitted || !!event.statementsSubmitted,
            sfOpportunityId: event.sfOpportunityId ?? context.sfOpportunityId,
          }
        : {},
    ),
    askServer: assign({
      // `answered` is what the page saved; the api judges its own copy from the database.
      pending: ({ context, event }) =>
        event.type === 'journey.next'
          ? { to: 'next', from: fromAt(context), answered: event.saved ? [event.saved] : [] }
          : { to: 'back', from: fromAt(context) },
      error: undefined,
    }),
    refuse: assign({
      error: ({ context, event }) => {
        const v = verdictOf(context, event);
        // The refusal's message code, translated where it is shown.
        return v.ok ? undefined : JOURNEY_CODES[v.code];
      },
    }),
    /** Coming back through earlier pages: the stage table says which page, the saved stage stays. */
    stepLocally: assign(({ context, event }) => {
      const m = event.type === 'journey.next' ? nextPosition(context.at) : previousPosition(context.at);
      // No page that side: the server would answer a stale move with the saved stage, so go there.
      // Arriving on another page opens it as a visit would (the details of /business, not its question).
      const onOtherPage = m.ok && m.position.path !== context.at.path;
      const to = !m.ok
        ? context.position
        : onOtherPage
          ? (positionOnRoute(m.position.path, context.position) ?? m.position)
          : m.position;
      return { at: to, route: to.path, error: undefined };
    }),
    land: assign((_, params: { position: JourneyPosition }) => ({
      position: params.position,
      at: params.position,
      route: params.position.path,
      pending: undefined,
    })),
    fail: assign((_, params: { error: unknown }) => ({ error: message(params.error), pending: undefined })),
  },
  guards: {
    isOtherApplication: ({ context, event }) =>
      event.type === 'journey.hydrate' && event.application._id !== context.applicationId,
    onGiggle: ({ context }) => context.route === GIGGLE_ROUTE,
    hasLanded: ({ event }) => event.type === 'journey.next' && !!event.landed,
    isRevisit: ({ context }) => isBefore(context.at, context.position),
    isRefused: ({ context, event }) => !verdictOf(context, event).ok,
  },
}).createMachine({
  id: 'journey',
  context: EMPTY,
  initial: 'idle',
  on: { 'journey.reset': { target: '.idle', actions: assign(() => EMPTY) } },
  states: {
    idle: {
      on: { 'journey.hydrate': { target: 'ready', actions: 'hydrate' } },
    },
    ready: {
      on: {
        'journey.hydrate': [{ guard: 'isOtherApplication', actions: 'hydrate' }, { actions: 'learnSession' }],
        'journey.visit': { actions: 'visit' },
        'journey.next': [
          {
            guard: 'hasLanded',
            actions: [
              'learnFacts',
              {
                type: 'land',
                params: ({ event }) => ({
                  position: asPosition(event.type === 'journey.next' ? event.landed : undefined),
                }),
              },
              { type: 'navigate', params: ({ context }) => ({ route: context.route, step: context.at.pageStep }) },
            ],
          },
          {
            guard: 'isRevisit',
            actions: [
              'stepLocally',
              { type: 'navigate', params: ({ context }) => ({ route: context.route, step: context.at.pageStep }) },
            ],
          },
          { guard: 'isRefused', actions: 'refuse' },
          { target: 'moving', actions: ['learnFacts', 'askServer'] },
        ],
        'journey.back': [
          { guard: 'onGiggle', target: 'leavingGiggle' },
          {
            guard: 'isRevisit',
            actions: [
              'stepLocally',
              { type: 'navigate', params: ({ context }) => ({ route: context.route, step: context.at.pageStep }) },
            ],
          },
          { guard: 'isRefused', actions: 'refuse' },
          { target: 'moving', actions: 'askServer' },
        ],
        'journey.giggle': { target: 'enteringGiggle', actions: assign({ error: undefined }) },
      },
    },
    moving: {
      invoke: {
        src: 'moveStage',
        input: ({ context }) => ({
          applicationId: context.applicationId ?? '',
          move: context.pending ?? { to: 'next', from: fromAt(context) },
        }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'land', params: ({ event }) => ({ position: event.output }) },
            { type: 'navigate', params: ({ context }) => ({ route: context.route, step: context.at.pageStep }) },
          ],
        },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    enteringGiggle: {
      invoke: {
        src: 'giggle',
        input: ({ context }) => ({ applicationId: context.applicationId ?? '', action: 'enter' as const }),
        onDone: {
          target: 'ready',
          actions: [assign({ route: GIGGLE_ROUTE }), { type: 'navigate', params: { route: GIGGLE_ROUTE } }],
        },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    leavingGiggle: {
      invoke: {
        src: 'giggle',
        input: ({ context }) => ({ applicationId: context.applicationId ?? '', action: 'back' as const }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context }) => ({ route: context.at.path })),
            { type: 'navigate', params: ({ context }) => ({ route: context.route, step: context.at.pageStep }) },
          ],
        },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type JourneyActor = ActorRefFrom<typeof journeyMachine>;
export type JourneySnapshot = SnapshotFrom<typeof journeyMachine>;
