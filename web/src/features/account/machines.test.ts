import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CodeDeliveryAnswer, RegisterAnswer } from '@portal/libs';
import { loginMachine } from './login.machine';
import { signUpMachine } from './sign-up.machine';

const form = {
  firstName: 'A',
  lastName: 'B',
  businessName: 'C',
  phone: '(555) 123-4567',
  email: 'a@example.com',
  password: 'Pass-word-1',
  confirmPassword: 'Pass-word-1',
};

describe('sign-up machine', () => {
  it('goes details -> code -> done, keeping the destination', async () => {
    const confirmed: unknown[] = [];
    const actor = createActor(
      signUpMachine.provide({
        actors: {
          register: fromPromise(async () => ({
            destination: 'a***@e***.com',
            deliveryMedium: 'EMAIL' as const,
            userName: 'a@example.com',
          })),
          confirm: fromPromise(async ({ input }) => void confirmed.push(input)),
        },
      }),
    ).start();
    actor.send({ type: 'details.submit', form });
    await waitFor(actor, (s) => s.matches('code'));
    expect(actor.getSnapshot().context.destination).toBe('a***@e***.com');
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(confirmed).toEqual([{ userName: 'a@example.com', password: 'Pass-word-1', code: '123456' }]);
  });

  it('returns to the details with the server message and field errors', async () => {
    const actor = createActor(
      signUpMachine.provide({
        actors: {
          register: fromPromise(async (): Promise<RegisterAnswer> => {
            throw Object.assign(new Error('An account with this email already exists. Please log in.'), {
              fields: { email: 'x' },
            });
          }),
        },
      }),
    ).start();
    actor.send({ type: 'details.submit', form });
    await waitFor(actor, (s) => s.matches('details') && !!s.context.error);
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'An account with this email already exists. Please log in.',
      fields: { email: 'x' },
    });
  });

  it('stays on the code step with the error after a wrong code', async () => {
    const actor = createActor(
      signUpMachine.provide({
        actors: {
          register: fromPromise(async () => ({ destination: 'd', deliveryMedium: 'EMAIL' as const, userName: 'u' })),
          confirm: fromPromise(async (): Promise<void> => {
            throw new Error('Unable to confirm signup');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'details.submit', form });
    await waitFor(actor, (s) => s.matches('code'));
    actor.send({ type: 'code.submit', code: '000000' });
    await waitFor(actor, (s) => s.matches('code') && !!s.context.error);
    expect(actor.getSnapshot().context.error).toBe('Unable to confirm signup');
  });
});

describe('login machine', () => {
  it("switches to the code step on 'user is not confirmed.' after resending the code", async () => {
    let resent = 0;
    const actor = createActor(
      loginMachine.provide({
        actors: {
          login: fromPromise(async (): Promise<void> => {
            throw new Error('User is not confirmed.');
          }),
          resend: fromPromise(async (): Promise<CodeDeliveryAnswer | undefined> => {
            resent++;
            return { deliveryMedium: 'EMAIL' as const, destination: 'a***@e***.com' };
          }),
          confirm: fromPromise(async (): Promise<void> => undefined),
        },
      }),
    ).start();
    actor.send({ type: 'credentials.submit', username: 'a@example.com', password: 'p' });
    await waitFor(actor, (s) => s.matches('code'));
    expect(resent).toBe(1);
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches('done'));
  });

  it('shows other failures on the credentials step', async () => {
    const actor = createActor(
      loginMachine.provide({
        actors: {
          login: fromPromise(async (): Promise<void> => {
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
