// Found by the load run: an offer email went out twice when the SMTP connection failed
// after the message's final dot (the server had it; the activity failed and its retry sent it again).
// Through nodemailer, the fault proxy and maildev: a failure after the message was sent is 'maybe-sent'
// and leaves one message; a failure before it, or the server refusing it, throws (and is retried).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../../tests/support/fault-proxy';
import { mailCount, mailsArrived } from '../../../tests/support/maildev';
import { holdFor } from '../../../tests/support/until';
import { sendOnce } from './send-once';

let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await startFaultProxy(`http://127.0.0.1:${inject('smtpPort')}`, { tcp: true, name: 'smtp' });
});
afterAll(() => proxy.close());

const smtp = () => ({ host: '127.0.0.1', port: proxy.port });
const message = (to: string) => ({ from: 'offers@example.com', to, subject: 'Your selected offer', text: 'hello' });
const count = (to: string) => mailCount(inject('maildevUrl'), to);
const received = (to: string) => mailsArrived(inject('maildevUrl'), to);

it.each([
  ['a reset', { kind: 'reset' }],
  ['a hold then reset', { kind: 'hang', holdMs: 300 }],
  ['a truncated answer', { kind: 'truncate' }],
] as const)('%s after the final dot: maybe-sent, one message', async (_, fault) => {
  const to = `once-${fault.kind}-${Date.now()}@example.com`;
  proxy.inject({ path: 'DATA' }, fault, 1);
  expect(await sendOnce(smtp(), message(to))).toBe('maybe-sent');
  expect(proxy.armed()).toBe(0);
  expect(await received(to)).toBe(1);
});

it('a refused connection or a 451 to MAIL throws (nothing was sent: retried)', async () => {
  const to = `before-${Date.now()}@example.com`;
  proxy.inject({ path: 'CONNECT' }, { kind: 'refuse' }, 1);
  await expect(sendOnce(smtp(), message(to))).rejects.toThrow();
  proxy.inject({ path: 'MAIL' }, { kind: 'status', status: 451 }, 1);
  await expect(sendOnce(smtp(), message(to))).rejects.toThrow();
  expect(await count(to)).toBe(0);
  expect(await sendOnce(smtp(), message(to))).toBe('sent');
  expect(await received(to)).toBe(1);
});

// A worker killed while the server had the offer email sent it twice (its retry could not
// know). The record made in beforeCommit is what the retry reads: it must exist only once the server
// cannot discard the message any more, and never for a message the server discarded.
it('beforeCommit runs while the server still lacks the final byte, then the message goes out', async () => {
  const to = `commit-${Date.now()}@example.com`;
  let seenDuringCommit = -1;
  const outcome = await sendOnce(smtp(), message(to), {
    beforeCommit: async () => {
      await holdFor(300, 'a message the server already had would show in maildev within this window');
      seenDuringCommit = await count(to);
    },
  });
  expect(outcome).toBe('sent');
  expect(seenDuringCommit).toBe(0);
  expect(await received(to)).toBe(1);
});

it('a beforeCommit that fails stops the message: it throws and the server discards it', async () => {
  const to = `no-commit-${Date.now()}@example.com`;
  await expect(
    sendOnce(smtp(), message(to), { beforeCommit: () => Promise.reject(new Error('database down')) }),
  ).rejects.toThrow('database down');
  await holdFor(500, 'a message the server kept would show in maildev within this window');
  expect(await count(to)).toBe(0);
});
