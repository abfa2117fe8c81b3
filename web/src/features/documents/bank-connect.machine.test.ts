import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { BANK_CODES } from '@portal/libs';
import { HttpError } from '../../lib/http-error';
import type { BankFetch } from './bank-api';
import { bankConnectMachine, bankPhase, isBusy, POLL_MS, POLL_TRIES } from './bank-connect.machine';

type Answers = {
  linkToken?: () => Promise<string>;
  exchange?: () => Promise<unknown>;
  statements?: () => Promise<BankFetch>;
  disconnect?: () => Promise<unknown>;
};

const never = () => new Promise<never>(() => undefined);

/** The machine with its calls answered by `answers` (unanswered calls stay pending), by default no pause between asks. */
function start(answers: Answers = {}, poll = 0) {
  const calls: string[] = [];
  const emitted: string[] = [];
  const stub = <T, I>(name: string, answer?: () => Promise<T>) =>
    fromPromise<T, I>(() => {
      calls.push(name);
      return answer ? answer() : never();
    });
  const actor = createActor(
    bankConnectMachine.provide({
      actors: {
        linkToken: stub('linkToken', answers.linkToken),
        exchange: stub('exchange', answers.exchange),
        statements: stub('statements', answers.statements),
        disconnect: stub('disconnect', answers.disconnect),
      },
      delays: { poll },
    }),
    { input: { applicationId: 'app-1' } },
  );
  actor.on('*', (e) => emitted.push(e.type));
  actor.start();
  const phase = () => bankPhase(actor.getSnapshot());
  const until = (p: ReturnType<typeof phase>) => waitFor(actor, (s) => bankPhase(s) === p, { timeout: 2000 });
  return { actor, calls, emitted, phase, until };
}

const done = (missing: string[] = []): BankFetch => ({ state: 'done', filled: [], missing });

describe('bank connection machine', () => {
  it('connects: Link token, Link, the exchange, then the statements', async () => {
    const b = start({
      linkToken: async () => 'link-token',
      exchange: async () => ({ institution: 'First Bank' }),
      statements: async () => done(['2026-09']),
    });
    expect(b.phase()).toBe('idle');
    b.actor.send({ type: 'bank.connect' });
    expect(b.phase()).toBe('opening');
    expect(isBusy(b.phase())).toBe(true);
    await waitFor(b.actor, (s) => s.matches({ opening: 'linking' }));
    expect(b.actor.getSnapshot().context.token).toBe('link-token');
    b.actor.send({ type: 'bank.linked', publicToken: 'public-token' });
    expect(b.actor.getSnapshot().context.token).toBeUndefined();
    await b.until('done');
    expect(b.calls).toEqual(['linkToken', 'exchange', 'statements']);
    expect(b.actor.getSnapshot().context.missing).toEqual(['2026-09']);
    expect(b.emitted).toEqual(['bank.statusChanged', 'bank.filled']);
    expect(isBusy(b.phase())).toBe(false);
  });

  it('goes back to idle when Link closes without connecting', async () => {
    const b = start({ linkToken: async () => 'link-token' });
    b.actor.send({ type: 'bank.connect' });
    await waitFor(b.actor, (s) => s.matches({ opening: 'linking' }));
    b.actor.send({ type: 'bank.exit' });
    expect(b.phase()).toBe('idle');
    expect(b.actor.getSnapshot().context.token).toBeUndefined();
  });

  it('ignores the buttons while a call is on its way', () => {
    const b = start();
    b.actor.send({ type: 'bank.fetch' });
    expect(b.phase()).toBe('fetching');
    b.actor.send({ type: 'bank.connect' });
    b.actor.send({ type: 'bank.disconnect' });
    expect(b.phase()).toBe('fetching');
    expect(b.calls).toEqual(['statements']);
  });

  it('asks again while the bank prepares the statements, telling the page each time', async () => {
    const answers: BankFetch[] = [{ state: 'pending' }, { state: 'pending' }, done()];
    const b = start({ statements: async () => answers.shift()! });
    b.actor.send({ type: 'bank.fetch' });
    expect(b.phase()).toBe('fetching');
    await b.until('still');
    await b.until('done');
    expect(b.calls).toHaveLength(3);
    expect(b.emitted).toEqual(['bank.filled', 'bank.filled', 'bank.filled']);
  });

  it(`stops after ${POLL_TRIES} asks, and lets the applicant ask again`, async () => {
    const b = start({ statements: async () => ({ state: 'pending' }) });
    b.actor.send({ type: 'bank.fetch' });
    await b.until('gaveUp');
    expect(b.calls).toHaveLength(POLL_TRIES);
    expect(isBusy(b.phase())).toBe(false);
    b.actor.send({ type: 'bank.fetch' });
    expect(b.phase()).toBe('fetching');
    expect(b.actor.getSnapshot().context.tries).toBe(1);
  });

  it('stops asking once stopped (the page has gone)', async () => {
    vi.useFakeTimers();
    try {
      const b = start({ statements: async () => ({ state: 'pending' }) }, POLL_MS);
      b.actor.send({ type: 'bank.fetch' });
      await b.until('still');
      await vi.advanceTimersByTimeAsync(POLL_MS);
      expect(b.calls).toHaveLength(2);
      b.actor.stop();
      await vi.advanceTimersByTimeAsync(POLL_MS * 5);
      expect(b.calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for a reconnect when the bank wants the login again', async () => {
    const b = start({ statements: async () => ({ state: 'reconnect' }) });
    b.actor.send({ type: 'bank.fetch' });
    await b.until('reconnect');
    b.actor.send({ type: 'bank.connect' });
    expect(b.phase()).toBe('opening');
  });

  it("says so when the applicant's bank has no statements to give (Plaid's PRODUCTS_NOT_SUPPORTED)", async () => {
    const b = start({ statements: async () => ({ state: 'noStatements' }) });
    b.actor.send({ type: 'bank.fetch' });
    await b.until('failed');
    expect(b.actor.getSnapshot().context.error).toBe(BANK_CODES.noStatementsAtBank);
  });

  it('says so when the bank shares no account, and has the page read the status (Reconnect, to choose one)', async () => {
    const b = start({ statements: async () => ({ state: 'noAccounts' }) });
    b.actor.send({ type: 'bank.fetch' });
    await b.until('failed');
    expect(b.actor.getSnapshot().context.error).toBe(BANK_CODES.noAccountShared);
    expect(b.emitted).toContain('bank.statusChanged');
    b.actor.send({ type: 'bank.connect' });
    expect(b.phase()).toBe('opening');
  });

  it('keeps a refusal by its message code, and has none for a text without one', async () => {
    const refusal = new HttpError(404, BANK_CODES.notConnected);
    const b = start({ statements: () => Promise.reject(refusal) });
    b.actor.send({ type: 'bank.fetch' });
    await b.until('failed');
    expect(b.actor.getSnapshot().context.error).toBe(BANK_CODES.notConnected);
    // A failure may mean the connection changed: the page reads its status again.
    expect(b.emitted).toEqual(['bank.statusChanged']);

    const other = start({ linkToken: () => Promise.reject(new HttpError(503, 'BANK_UNAVAILABLE')) });
    other.actor.send({ type: 'bank.connect' });
    await other.until('failed');
    expect(other.actor.getSnapshot().context.error).toBeUndefined();
  });

  it('disconnects, and tells the page the connection changed', async () => {
    const b = start({ disconnect: async () => undefined });
    b.actor.send({ type: 'bank.disconnect' });
    expect(b.phase()).toBe('disconnecting');
    await b.until('disconnected');
    expect(b.emitted).toEqual(['bank.statusChanged']);
  });
});
