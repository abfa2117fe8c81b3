import type { DbUser, RegisterAnswer, RegisterRequest } from '@portal/libs';

/** The form's answers: the register request but for the language, which the page adds. */
export type SignUpInput = Omit<RegisterRequest, 'language'>;

type Context = {
  form?: SignUpInput;
  destination: string;
  userName: string;
  error?: string;
  fields: Record<string, string>;
  /** Done: the session's user, as the code's answer carried them. */
  user?: DbUser;
};

export type SignUpState = 'details' | 'registering' | 'code' | 'resending' | 'confirming' | 'done';
export type SignUpSnapshot = { value: SignUpState; context: Context };
export type SignUpEvent =
  | { type: 'details.submit'; form: SignUpInput }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
  | { type: 'code.back' };

/** The server calls the page provides. */
export type SignUpCalls = {
  register: (form: SignUpInput) => Promise<RegisterAnswer>;
  /** Confirms the code; answers the session's user when the answer carries them. */
  confirm: (input: { userName: string; password: string; code: string }) => Promise<DbUser | undefined>;
  resend: (input: { userName: string }) => Promise<void>;
};

type Failure = { message: string; fields?: Record<string, string> };
const failure = (e: unknown): Failure => ({
  message: (e as Error).message,
  fields: (e as { fields?: Record<string, string> }).fields,
});

/**
 * Sign-up's two steps: personal details, then the emailed code. A small state machine of its
 * own, not XState: the first visit lands here, and XState comes with the journey pages only.
 *
 *   details ──details.submit──► registering ──ok──► code ──code.submit──► confirming ──ok──► done
 *      ▲                            │ failed          │ ▲ ──code.resend──► resending ──┘ (ok or failed)
 *      └────────────────────────────┘                 │ └──── failed ─── confirming  (resending takes code.submit too)
 *      └──────────────── code.back ───────────────────┘
 *
 * An event a state does not take is ignored; a failure keeps the server's message (and field messages)
 * in `error` and `fields` until the next action clears them.
 */
export function createSignUpFlow(calls: SignUpCalls) {
  let snapshot: SignUpSnapshot = { value: 'details', context: { destination: '', userName: '', fields: {} } };
  const listeners = new Set<() => void>();
  const go = (value: SignUpState, context: Partial<Context> = {}) => {
    snapshot = { value, context: { ...snapshot.context, ...context } };
    for (const listener of listeners) listener();
  };
  const cleared = { error: undefined, fields: {} };
  /** Enters `state` while `call` runs; its answer moves on from there. */
  const invoke = <T>(state: SignUpState, call: () => Promise<T>, done: (out: T) => void, failed: SignUpState) => {
    void (async () => {
      try {
        const out = await call();
        if (snapshot.value === state) done(out);
      } catch (e) {
        const f = failure(e);
        if (snapshot.value === state) go(failed, { error: f.message, fields: f.fields ?? {} });
      }
    })();
  };

  function send(event: SignUpEvent) {
    const { value, context } = snapshot;
    if (value === 'details' && event.type === 'details.submit') {
      go('registering', { ...cleared, form: event.form });
      invoke(
        'registering',
        () => calls.register(event.form),
        (out) => go('code', { destination: out.destination, userName: out.userName }),
        'details',
      );
    } else if ((value === 'code' || value === 'resending') && event.type === 'code.submit') {
      // The code step stays on screen while a new code is on its way: a code typed then is confirmed, not lost.
      go('confirming', cleared);
      invoke(
        'confirming',
        () => calls.confirm({ userName: context.userName, password: context.form!.password, code: event.code }),
        (user) => go('done', { user }),
        'code',
      );
    } else if (value === 'code' && event.type === 'code.resend') {
      go('resending', cleared);
      invoke(
        'resending',
        () => calls.resend({ userName: context.userName }),
        () => go('code'),
        'code',
      );
    } else if (value === 'code' && event.type === 'code.back') {
      go('details', cleared);
    }
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    send,
  };
}

export type SignUpFlow = ReturnType<typeof createSignUpFlow>;
