import { assign, fromPromise, setup } from 'xstate';
import type { RegisterAnswer } from '@portal/libs';

export type SignUpInput = {
  firstName: string;
  lastName: string;
  businessName: string;
  phone: string;
  email: string;
  password: string;
  confirmPassword: string;
  affiliateId?: string;
};

type Context = {
  form?: SignUpInput;
  destination: string;
  userName: string;
  error?: string;
  fields: Record<string, string>;
};

type Failure = { message: string; fields?: Record<string, string> };
const failure = (e: unknown): Failure => ({
  message: (e as Error).message,
  fields: (e as { fields?: Record<string, string> }).fields,
});

/**
 * Sign-up's two steps (section 4): personal details, then the emailed code. The machine holds the flow;
 * the calls are actors the page provides.
 */
export const signUpMachine = setup({
  types: {
    context: {} as Context,
    events: {} as
      | { type: 'details.submit'; form: SignUpInput }
      | { type: 'code.submit'; code: string }
      | { type: 'code.resend' }
      | { type: 'code.back' },
  },
  actors: {
    register: fromPromise<RegisterAnswer, SignUpInput>(async () => {
      throw new Error('register not provided');
    }),
    confirm: fromPromise<void, { userName: string; password: string; code: string }>(async () => {
      throw new Error('confirm not provided');
    }),
    resend: fromPromise<void, { userName: string }>(async () => {
      throw new Error('resend not provided');
    }),
  },
  actions: {
    clearError: assign({ error: undefined, fields: {} }),
    rememberFailure: assign(({ event }) => {
      const f = failure((event as unknown as { error: unknown }).error);
      return { error: f.message, fields: f.fields ?? {} };
    }),
  },
}).createMachine({
  id: 'signUp',
  context: { destination: '', userName: '', fields: {} },
  initial: 'details',
  states: {
    details: {
      on: {
        'details.submit': {
          target: 'registering',
          actions: ['clearError', assign({ form: ({ event }) => event.form })],
        },
      },
    },
    registering: {
      invoke: {
        src: 'register',
        input: ({ context }) => context.form!,
        onDone: {
          target: 'code',
          actions: assign({
            destination: ({ event }) => event.output.destination,
            userName: ({ event }) => event.output.userName,
          }),
        },
        onError: { target: 'details', actions: 'rememberFailure' },
      },
    },
    code: {
      on: {
        'code.submit': { target: 'confirming', actions: 'clearError' },
        'code.resend': { target: 'resending', actions: 'clearError' },
        'code.back': { target: 'details', actions: 'clearError' },
      },
    },
    resending: {
      invoke: {
        src: 'resend',
        input: ({ context }) => ({ userName: context.userName }),
        onDone: 'code',
        onError: { target: 'code', actions: 'rememberFailure' },
      },
    },
    confirming: {
      invoke: {
        src: 'confirm',
        input: ({ context, event }) => ({
          userName: context.userName,
          password: context.form!.password,
          code: (event as { code: string }).code,
        }),
        onDone: 'done',
        onError: { target: 'code', actions: 'rememberFailure' },
      },
    },
    done: { type: 'final' },
  },
});
