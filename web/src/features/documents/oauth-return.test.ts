// The way back from an OAuth bank (Plaid's OAuth guide): the link token kept in this tab when Link opened
// is handed back, with the address the bank sent the applicant to, and the machine opens Link again with
// both (no new link token), then goes on to the exchange as after any Link.
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BankFetch } from './bank-api';
import { bankConnectMachine } from './bank-connect.machine';
import { rememberLinkToken, takeOAuthReturn } from './oauth-return';

const BACK = 'https://apply.fundwise.example/bank-statements?oauth_state_id=47f2b5a0-1c1f-4a5e-9d1b-0b6f6b1d2c3e';

afterEach(() => sessionStorage.clear());

describe('the way back from an OAuth bank', () => {
  it('hands back the token Link was opened with for this application, once, with the address', () => {
    rememberLinkToken('app-1', 'link-sandbox-1');
    expect(takeOAuthReturn('app-1', BACK)).toEqual({ token: 'link-sandbox-1', receivedRedirectUri: BACK });
    expect(takeOAuthReturn('app-1', BACK)).toBeUndefined();
  });

  it('hands nothing back without oauth_state_id, for another application, or an old token', () => {
    rememberLinkToken('app-1', 'link-sandbox-1');
    expect(takeOAuthReturn('app-1', 'https://apply.fundwise.example/bank-statements')).toBeUndefined();
    expect(takeOAuthReturn('app-2', BACK)).toBeUndefined();
    rememberLinkToken('app-1', 'link-sandbox-1', Date.now() - 31 * 60_000);
    expect(takeOAuthReturn('app-1', BACK)).toBeUndefined();
  });

  it('the machine keeps the token it opens Link with, and opens Link again with it on the way back', async () => {
    const calls: string[] = [];
    const answer = <T, I>(name: string, value?: T) =>
      fromPromise<T, I>(
        () => (calls.push(name), value === undefined ? new Promise<T>(() => undefined) : Promise.resolve(value)),
      );
    const machine = bankConnectMachine.provide({
      actors: {
        linkToken: answer('linkToken', 'link-sandbox-9'),
        exchange: answer<unknown, { applicationId: string; publicToken: string }>('exchange', {}),
        statements: answer<BankFetch, { applicationId: string }>('statements'),
      },
    });
    const before = createActor(machine, { input: { applicationId: 'app-1' } }).start();
    before.send({ type: 'bank.connect' });
    await waitFor(before, (s) => s.matches({ opening: 'linking' }));
    // The bank's site takes the tab away: the page is gone, the token kept.
    const back = takeOAuthReturn('app-1', BACK)!;
    expect(back.token).toBe('link-sandbox-9');

    const after = createActor(machine, { input: { applicationId: 'app-1' } }).start();
    after.send({ type: 'bank.resume', ...back });
    expect(after.getSnapshot().matches({ opening: 'linking' })).toBe(true);
    expect(after.getSnapshot().context).toMatchObject({ token: 'link-sandbox-9', receivedRedirectUri: BACK });
    after.send({ type: 'bank.linked', publicToken: 'public-sandbox-1' });
    await waitFor(after, (s) => s.matches('fetching'));
    expect(calls).toEqual(['linkToken', 'exchange', 'statements']);
    expect(after.getSnapshot().context.receivedRedirectUri).toBeUndefined();
  });
});
