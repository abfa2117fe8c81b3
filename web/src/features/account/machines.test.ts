import { describe, expect, it } from 'vitest';
import { ACCOUNT_CODES } from '@portal/libs';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CodeDeliveryAnswer, DbUser, RegisterAnswer } from '@portal/libs';
import { loginMachine } from './login.machine';
import { createSignUpFlow, type SignUpCalls, type SignUpFlow } from './sign-up.flow';

const form = {
  firstName: 'A',
  lastName: 'B',
  businessName: 'C',
  phone: '(212) 555-0123',
  email: 'a@example.com',
  password: 'Pass-word-1',
  confirmPassword: 'Pass-word-1',
};

/** Resolves once the flow's state passes `ok` (as XState's waitFor does for an actor). */
const until = (flow: SignUpFlow, ok: (s: ReturnType<SignUpFlow['getSnapshot']>) => boolean) =>
  new Promise<void>((resolve) => {
    if (ok(flow.getSnapshot())) return resolve();
    const stop = flow.subscribe(() => {
      if (ok(flow.getSnapshot())) {
        stop();
        resolve();
      }
    });
  });
const unprovided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};
const flowWith = (calls: Partial<SignUpCalls>) =>
  createSignUpFlow({
    register: unprovided('register'),
    confirm: unprovided('confirm'),
    resend: unprovided('resend'),
    ...calls,
  });

describe('sign-up flow', () => {
  it('goes details -> code -> done, keeping the destination, and the user the code’s answer carried', async () => {
    const confirmed: unknown[] = [];
    const ada = { _id: 'u-1', email: 'a@example.com', applications: [] } as unknown as DbUser;
    const flow = flowWith({
      register: async () => ({
        destination: 'a***@e***.com',
        deliveryMedium: 'EMAIL' as const,
        userName: 'a@example.com',
      }),
      confirm: async (input) => {
        confirmed.push(input);
        return ada;
      },
    });
    flow.send({ type: 'details.submit', form });
    await until(flow, (s) => s.value === 'code');
    expect(flow.getSnapshot().context.destination).toBe('a***@e***.com');
    flow.send({ type: 'code.submit', code: '123456' });
    await until(flow, (s) => s.value === 'done');
    expect(confirmed).toEqual([{ userName: 'a@example.com', password: 'Pass-word-1', code: '123456' }]);
    expect(flow.getSnapshot().context.user).toBe(ada);
  });

  it('returns to the details with the server message and field errors', async () => {
    const flow = flowWith({
      register: async (): Promise<RegisterAnswer> => {
        throw Object.assign(new Error('An account with this email already exists. Please log in.'), {
          fields: { email: 'x' },
        });
      },
    });
    flow.send({ type: 'details.submit', form });
    await until(flow, (s) => s.value === 'details' && !!s.context.error);
    expect(flow.getSnapshot().context).toMatchObject({
      error: 'An account with this email already exists. Please log in.',
      fields: { email: 'x' },
    });
  });

  it('stays on the code step with the error after a wrong code', async () => {
    const flow = flowWith({
      register: async () => ({ destination: 'd', deliveryMedium: 'EMAIL' as const, userName: 'u' }),
      confirm: async (): Promise<DbUser | undefined> => {
        throw new Error('Unable to confirm signup');
      },
    });
    flow.send({ type: 'details.submit', form });
    await until(flow, (s) => s.value === 'code');
    flow.send({ type: 'code.submit', code: '000000' });
    await until(flow, (s) => s.value === 'code' && !!s.context.error);
    expect(flow.getSnapshot().context.error).toBe('Unable to confirm signup');
  });

  it('resends from the code step, clears the error, and ignores events a step does not take', async () => {
    let resent = 0;
    let registered = 0;
    const flow = flowWith({
      register: async () => {
        registered++;
        return { destination: 'd', deliveryMedium: 'EMAIL' as const, userName: 'u' };
      },
      resend: async ({ userName }) => {
        expect(userName).toBe('u');
        if (++resent === 1) throw new Error('Please wait before asking for another code');
      },
    });
    flow.send({ type: 'code.submit', code: '1' });
    expect(flow.getSnapshot().value).toBe('details');
    flow.send({ type: 'details.submit', form });
    flow.send({ type: 'details.submit', form });
    await until(flow, (s) => s.value === 'code');
    expect(registered).toBe(1);
    flow.send({ type: 'code.resend' });
    await until(flow, (s) => s.value === 'code' && !!s.context.error);
    flow.send({ type: 'code.resend' });
    expect(flow.getSnapshot().context.error).toBeUndefined();
    await until(flow, (s) => s.value === 'code');
    expect(resent).toBe(2);
    flow.send({ type: 'code.back' });
    expect(flow.getSnapshot()).toMatchObject({ value: 'details', context: { fields: {} } });
  });

  it('confirms a code submitted while a resend is still on its way', async () => {
    let confirmed = '';
    const flow = flowWith({
      register: async () => ({ destination: 'd', deliveryMedium: 'EMAIL' as const, userName: 'u' }),
      resend: () => new Promise<never>(() => undefined),
      confirm: async ({ code }) => {
        confirmed = code;
        return undefined;
      },
    });
    flow.send({ type: 'details.submit', form });
    await until(flow, (s) => s.value === 'code');
    flow.send({ type: 'code.resend' });
    flow.send({ type: 'code.submit', code: '654321' });
    await until(flow, (s) => s.value === 'done');
    expect(confirmed).toBe('654321');
  });
});

describe('login machine', () => {
  const ada = { _id: 'u-1', email: 'a@example.com', applications: [] } as unknown as DbUser;

  it('switches to the code step on the code of “User is not confirmed.” after resending the code', async () => {
    let resent = 0;
    const actor = createActor(
      loginMachine.provide({
        actors: {
          login: fromPromise(async (): Promise<DbUser | undefined> => {
            // The api client's error carries the message code the api answered (data.messageCode).
            throw new Error(ACCOUNT_CODES.userNotConfirmed);
          }),
          resend: fromPromise(async (): Promise<CodeDeliveryAnswer | undefined> => {
            resent++;
            return { deliveryMedium: 'EMAIL' as const, destination: 'a***@e***.com' };
          }),
          confirm: fromPromise(async (): Promise<DbUser | undefined> => ada),
        },
      }),
    ).start();
    actor.send({ type: 'credentials.submit', username: 'a@example.com', password: 'p' });
    await waitFor(actor, (s) => s.matches('code'));
    expect(resent).toBe(1);
    actor.send({ type: 'code.submit', code: '123456' });
    // The code's answer carried the session's user: the page starts the session with them, no read after.
    expect((await waitFor(actor, (s) => s.matches('done'))).context.user).toBe(ada);
  });

  it('confirms a code submitted while the resend is still on its way', async () => {
    let confirmed = '';
    const actor = createActor(
      loginMachine.provide({
        actors: {
          login: fromPromise(async (): Promise<DbUser | undefined> => {
            throw new Error(ACCOUNT_CODES.userNotConfirmed);
          }),
          // Never answers: the applicant types the code mailed at sign-up before the resend is done.
          resend: fromPromise(() => new Promise<CodeDeliveryAnswer | undefined>(() => undefined)),
          confirm: fromPromise(
            async ({
              input,
            }: {
              input: { username: string; password: string; code: string };
            }): Promise<DbUser | undefined> => {
              confirmed = input.code;
              return undefined;
            },
          ),
        },
      }),
    ).start();
    actor.send({ type: 'credentials.submit', username: 'a@example.com', password: 'p' });
    await waitFor(actor, (s) => s.matches('resending'));
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(confirmed).toBe('123456');
  });

  it('shows other failures on the credentials step', async () => {
    const actor = createActor(
      loginMachine.provide({
        actors: {
          login: fromPromise(async (): Promise<DbUser | undefined> => {
            throw new Error('Incorrect username or password.');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'credentials.submit', username: 'a@example.com', password: 'p' });
    await waitFor(actor, (s) => s.matches('credentials') && !!s.context.error);
    expect(actor.getSnapshot().context.error).toBe('Incorrect username or password.');
  });
});
