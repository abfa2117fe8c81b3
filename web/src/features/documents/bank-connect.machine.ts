import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { BANK_CODES, type MessageCode } from '@portal/libs';
import { messageCodeOf } from '../../lib/http-error';
import { bankApi, type BankFetch } from './bank-api';
import { forgetLinkToken, rememberLinkToken } from './oauth-return';

/**
 * The bank still preparing the statements (Plaid's PRODUCT_NOT_READY) is asked again every 2 s, up to 60
 * times: about two minutes, after which the applicant can ask again or upload the PDFs.
 */
export const POLL_TRIES = 60;
export const POLL_MS = 2000;

export type BankConnectContext = {
  applicationId: string;
  /** Link's token while Link is open. */
  token?: string;
  /** Back from an OAuth bank: the address it sent the applicant back to, for Link opened again. */
  receivedRedirectUri?: string;
  /** The statements asked for in this fetch, so far. */
  tries: number;
  /** The months the bank had no statement for, once done. */
  missing: string[];
  /** The refusal's message code, when the api named one (translated where it is shown). */
  error?: MessageCode;
};

export type BankConnectEvent =
  | { type: 'bank.connect' }
  /** Back from an OAuth bank: Link opened again with the token it was opened with. */
  | { type: 'bank.resume'; token: string; receivedRedirectUri: string }
  /** Link's onSuccess: the public token to exchange. */
  | { type: 'bank.linked'; publicToken: string | null }
  /** Link's onExit: closed without connecting. */
  | { type: 'bank.exit' }
  | { type: 'bank.fetch' }
  | { type: 'bank.disconnect' };

/** What the page hears: the slots may have filled (their list is reloaded), or the connection changed. */
export type BankConnectEmitted = { type: 'bank.filled' } | { type: 'bank.statusChanged' };

type Input = { applicationId: string };

/** What a settled phase lets the applicant do next: connect, fetch again, or disconnect. */
const SETTLED = {
  'bank.connect': { target: '#bank.opening' },
  'bank.fetch': { target: '#bank.fetching' },
  'bank.disconnect': { target: '#bank.disconnecting' },
} as const;

const FAILED = { target: '#bank.failed', actions: ['refuse', 'statusChanged'] } as const;

/** One ask for the statements, and where each answer leads (the first ask and every later one alike). */
const askStatements = {
  src: 'statements',
  input: ({ context }: { context: BankConnectContext }) => ({ applicationId: context.applicationId }),
  onDone: [
    { guard: 'isDone', target: '#bank.done', actions: ['filled', 'learnMissing'] },
    { guard: 'wantsReconnect', target: '#bank.reconnect', actions: 'filled' },
    { guard: 'hasNoStatements', target: '#bank.failed', actions: 'noStatements' },
    // The status now says reconnect: Link in update mode lets the applicant choose the account(s).
    { guard: 'hasNoAccounts', target: '#bank.failed', actions: ['noAccounts', 'statusChanged'] },
    { target: '#bank.still', actions: 'filled' },
  ],
  onError: FAILED,
} as const;

/**
 * "Connect your bank": Link's token, Link itself, the token exchange, then the statements fetched into the
 * slots, asked again while the bank prepares them. Each write is an invoked actor, so a phase cannot be
 * left by an answer that arrives after the page has gone (stopping the actor stops the poll).
 */
export const bankConnectMachine = setup({
  types: {
    context: {} as BankConnectContext,
    events: {} as BankConnectEvent,
    emitted: {} as BankConnectEmitted,
    input: {} as Input,
  },
  actors: {
    linkToken: fromPromise<string, Input>(({ input }) => bankApi.linkToken(input.applicationId)),
    exchange: fromPromise<unknown, Input & { publicToken: string }>(({ input }) =>
      bankApi.exchange(input.applicationId, input.publicToken),
    ),
    statements: fromPromise<BankFetch, Input>(({ input }) => bankApi.statements(input.applicationId)),
    disconnect: fromPromise<unknown, Input>(({ input }) => bankApi.disconnect(input.applicationId)),
  },
  delays: { poll: POLL_MS },
  actions: {
    keepToken: assign({ token: (_, params: { token: string }) => params.token }),
    rememberToken: ({ context }) => {
      if (context.token) rememberLinkToken(context.applicationId, context.token);
    },
    resume: assign(({ event }) =>
      event.type === 'bank.resume' ? { token: event.token, receivedRedirectUri: event.receivedRedirectUri } : {},
    ),
    dropToken: assign({ token: undefined, receivedRedirectUri: undefined }),
    startFetch: assign({ tries: 0, missing: [], error: undefined }),
    countTry: assign({ tries: ({ context }) => context.tries + 1 }),
    learnMissing: assign({
      missing: ({ event }) => {
        const answer = (event as { output?: BankFetch }).output;
        return answer?.state === 'done' ? answer.missing : [];
      },
    }),
    refuse: assign({ error: ({ event }) => messageCodeOf((event as { error?: unknown }).error) }),
    forget: assign({ error: undefined }),
    noStatements: assign({ error: BANK_CODES.noStatementsAtBank }),
    noAccounts: assign({ error: BANK_CODES.noAccountShared }),
    filled: emit({ type: 'bank.filled' }),
    statusChanged: emit({ type: 'bank.statusChanged' }),
  },
  guards: {
    isDone: ({ event }) => (event as { output?: BankFetch }).output?.state === 'done',
    wantsReconnect: ({ event }) => (event as { output?: BankFetch }).output?.state === 'reconnect',
    hasNoStatements: ({ event }) => (event as { output?: BankFetch }).output?.state === 'noStatements',
    hasNoAccounts: ({ event }) => (event as { output?: BankFetch }).output?.state === 'noAccounts',
    triesLeft: ({ context }) => context.tries < POLL_TRIES,
    hasPublicToken: ({ event }) => event.type === 'bank.linked' && !!event.publicToken,
  },
}).createMachine({
  id: 'bank',
  context: ({ input }) => ({ applicationId: input.applicationId, tries: 0, missing: [] }),
  initial: 'idle',
  states: {
    idle: { on: { ...SETTLED, 'bank.resume': { target: '#bank.opening.linking', actions: 'resume' } } },
    opening: {
      initial: 'asking',
      entry: 'forget',
      states: {
        asking: {
          invoke: {
            src: 'linkToken',
            input: ({ context }) => ({ applicationId: context.applicationId }),
            onDone: {
              target: 'linking',
              actions: [{ type: 'keepToken', params: ({ event }) => ({ token: event.output }) }, 'rememberToken'],
            },
            onError: FAILED,
          },
        },
        /** Link is open: it answers with a public token, or closes. */
        linking: {
          exit: forgetLinkToken,
          on: {
            'bank.linked': [
              { guard: 'hasPublicToken', target: '#bank.exchanging' },
              { target: '#bank.idle', actions: 'dropToken' },
            ],
            'bank.exit': { target: '#bank.idle', actions: 'dropToken' },
          },
        },
      },
    },
    exchanging: {
      entry: 'dropToken',
      invoke: {
        src: 'exchange',
        input: ({ context, event }) => ({
          applicationId: context.applicationId,
          publicToken: event.type === 'bank.linked' ? (event.publicToken ?? '') : '',
        }),
        onDone: { target: 'fetching', actions: 'statusChanged' },
        onError: FAILED,
      },
    },
    fetching: {
      entry: ['startFetch', 'countTry'],
      invoke: askStatements,
    },
    /** The bank is still preparing the statements: asked again after a pause, up to POLL_TRIES asks. */
    still: {
      initial: 'waiting',
      states: {
        waiting: { after: { poll: [{ guard: 'triesLeft', target: 'asking' }, { target: '#bank.gaveUp' }] } },
        asking: { entry: 'countTry', invoke: askStatements },
      },
    },
    /** The bank was still preparing them after every ask: the applicant may ask again, or upload. */
    gaveUp: { on: SETTLED },
    done: { on: SETTLED },
    reconnect: { on: SETTLED },
    failed: { on: SETTLED },
    disconnecting: {
      entry: 'forget',
      invoke: {
        src: 'disconnect',
        input: ({ context }) => ({ applicationId: context.applicationId }),
        onDone: { target: 'disconnected', actions: 'statusChanged' },
        onError: FAILED,
      },
    },
    disconnected: { on: SETTLED },
  },
});

export type BankConnectActor = ActorRefFrom<typeof bankConnectMachine>;
export type BankConnectSnapshot = SnapshotFrom<typeof bankConnectMachine>;

/** The phase the component shows: Link's token and its exchange show as opening, the later asks as still. */
export type BankPhase =
  | 'idle'
  | 'opening'
  | 'fetching'
  | 'still'
  | 'gaveUp'
  | 'done'
  | 'reconnect'
  | 'failed'
  | 'disconnecting'
  | 'disconnected';

export function bankPhase(snapshot: BankConnectSnapshot): BankPhase {
  if (snapshot.matches('opening') || snapshot.matches('exchanging')) return 'opening';
  if (snapshot.matches('still')) return 'still';
  return snapshot.value as Exclude<BankPhase, 'opening' | 'still'>;
}

/** While a call is on its way the buttons wait. */
export const isBusy = (phase: BankPhase) =>
  phase === 'opening' || phase === 'fetching' || phase === 'still' || phase === 'disconnecting';
