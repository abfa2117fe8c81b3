import { assign, fromPromise, setup } from 'xstate';
import { isUserNotConfirmed, type CodeDeliveryAnswer, type DbUser } from '@portal/libs';

/**
 * `byCode`: the account was confirmed on the way (the code step stays on screen until the next page).
 * `user`: done, the session's user as the sign-in's answer carried them.
 */
type Context = {
  username: string;
  password: string;
  destination: string;
  byCode: boolean;
  error?: string;
  user?: DbUser;
};
const messageOf = (e: unknown) => (e as Error).message;

/**
 * /login: credentials; an unconfirmed account gets its code resent and a code step.
 * A resend refused as too soon still shows the code step: the code mailed moments ago is still good.
 */
export const loginMachine = setup({
  types: {
    context: {} as Context,
    events: {} as
      | { type: 'credentials.submit'; username: string; password: string }
      | { type: 'code.submit'; code: string }
      | { type: 'code.resend' },
  },
  actors: {
    login: fromPromise<DbUser | undefined, { username: string; password: string }>(async () => {
      throw new Error('login not provided');
    }),
    resend: fromPromise<CodeDeliveryAnswer | undefined, { username: string }>(async () => {
      throw new Error('resend not provided');
    }),
    confirm: fromPromise<DbUser | undefined, { username: string; password: string; code: string }>(async () => {
      throw new Error('confirm not provided');
    }),
  },
  guards: {
    isUnconfirmed: ({ event }) => isUserNotConfirmed(messageOf((event as unknown as { error: unknown }).error)),
  },
  actions: {
    clearError: assign({ error: undefined }),
    keepUser: assign({ user: ({ event }) => (event as unknown as { output?: DbUser }).output }),
    rememberFailure: assign({ error: ({ event }) => messageOf((event as unknown as { error: unknown }).error) }),
  },
}).createMachine({
  id: 'login',
  context: { username: '', password: '', destination: '', byCode: false },
  initial: 'credentials',
  states: {
    credentials: {
      on: {
        'credentials.submit': {
          target: 'loggingIn',
          actions: [
            'clearError',
            assign({ username: ({ event }) => event.username, password: ({ event }) => event.password }),
          ],
        },
      },
    },
    loggingIn: {
      invoke: {
        src: 'login',
        input: ({ context }) => ({ username: context.username, password: context.password }),
        onDone: { target: 'done', actions: 'keepUser' },
        onError: [
          { guard: 'isUnconfirmed', target: 'resending', actions: assign({ byCode: true }) },
          { target: 'credentials', actions: 'rememberFailure' },
        ],
      },
    },
    resending: {
      invoke: {
        src: 'resend',
        input: ({ context }) => ({ username: context.username }),
        onDone: { target: 'code', actions: assign({ destination: ({ event }) => event.output?.destination ?? '' }) },
        onError: 'code',
      },
      // The code step is on screen while the new code is on its way: a code typed then (the one mailed moments
      // ago, or an autofilled one) is confirmed, not dropped.
      on: { 'code.submit': { target: 'confirming', actions: 'clearError' } },
    },
    code: {
      on: {
        'code.submit': { target: 'confirming', actions: 'clearError' },
        'code.resend': { target: 'resending', actions: 'clearError' },
      },
    },
    confirming: {
      invoke: {
        src: 'confirm',
        input: ({ context, event }) => ({
          username: context.username,
          password: context.password,
          code: (event as { code: string }).code,
        }),
        onDone: { target: 'done', actions: 'keepUser' },
        onError: { target: 'code', actions: 'rememberFailure' },
      },
    },
    done: { type: 'final' },
  },
});
