import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN } from '@portal/libs';
import { json, stubFetch, type Call } from './fetch-stub.test-support';
import { HttpError, api } from './http';
import { upload } from './upload';

const { calls, answers } = stubFetch();
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
const inProgress = () =>
  json(
    409,
    { statusCode: 409, name: 'IdempotencyError', message: 'x', data: { message: 'x', code: 'REQUEST_IN_PROGRESS' } },
    { 'retry-after': '1' },
  );
const invalid = () =>
  json(400, { statusCode: 400, name: 'BadRequestException', message: 'Bad', data: { message: 'Bad' } });
const keyOf = (c: Call | undefined) => c?.headers['Idempotency-Key'];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the retries' pauses pass. */
async function settle<T>(p: Promise<T>): Promise<T | unknown> {
  const outcome = p.then(
    (v) => v,
    (e: unknown) => e,
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe('Idempotency-Key per user action', () => {
  it('sends a key on an idempotent action and none on other calls', async () => {
    await api.patch('/business/1', { a: 1 }, { idempotent: true });
    await api.post('/auth/login', { username: 'a' });
    expect(keyOf(calls[0])).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(keyOf(calls[1])).toBeUndefined();
  });

  it('a double click while the first is in flight sends the same key; the next action gets a new one', async () => {
    let release!: () => void;
    answers.push(
      () => new Promise((r) => (release = () => r(json(200, { n: 1 })))),
      () => json(200, { n: 1 }),
    );
    const first = api.patch('/business/1', { a: 1 }, { idempotent: true });
    const second = api.patch('/business/1', { a: 1 }, { idempotent: true });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    release();
    await Promise.all([first, second]);
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
    await api.patch('/business/1', { a: 1 }, { idempotent: true });
    expect(keyOf(calls[2])).not.toBe(keyOf(calls[0]));
  });

  it('different answers are different actions, with different keys', async () => {
    await Promise.all([
      api.patch('/business/1', { a: 1 }, { idempotent: true }),
      api.patch('/business/1', { a: 2 }, { idempotent: true }),
    ]);
    expect(keyOf(calls[0])).not.toBe(keyOf(calls[1]));
  });

  it('retries a network error automatically with the same key', async () => {
    answers.push(networkDown, networkDown, () => json(200, { saved: true }));
    const result = await settle(api.patch('/owner/1', { o: 1 }, { idempotent: true }));
    expect(result).toEqual({ saved: true });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map(keyOf)).size).toBe(1);
  });

  it('without a key a network error is not retried', async () => {
    answers.push(networkDown);
    // The browser's TypeError becomes the translated network message.
    expect(await settle(api.post('/auth/login', {}))).toMatchObject({ status: 0, message: 'common.network' });
    expect(calls).toHaveLength(1);
  });

  it('waits out "request in progress" and gets the first answer with the same key', async () => {
    answers.push(inProgress, () => json(200, { replayed: true }));
    expect(await settle(api.post('/application/1/submit-statements', {}, { idempotent: true }))).toEqual({
      replayed: true,
    });
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
  });

  it('sends again with the same key when the database was busy (503 TRY_AGAIN); without a key it does not', async () => {
    const busy = () =>
      json(
        503,
        { statusCode: 503, name: 'X', message: 'Something went wrong', data: { message: 'x', code: 'TRY_AGAIN' } },
        { 'retry-after': '1' },
      );
    answers.push(busy, busy, () => json(200, { saved: true }));
    expect(await settle(api.patch('/owner/1', { o: 1 }, { idempotent: true }))).toEqual({ saved: true });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map(keyOf)).size).toBe(1);
    answers.push(busy);
    expect(await settle(api.patch('/owner/1', { o: 2 }))).toMatchObject({ status: 503 });
    expect(calls).toHaveLength(4);
  });

  it('pressing again after the retries gave up on the network reuses the key; after an answer it is new', async () => {
    answers.push(networkDown, networkDown, networkDown, networkDown);
    expect(await settle(api.patch('/offer/1', { s: 1 }, { idempotent: true }))).toMatchObject({
      status: 0,
      message: 'common.network',
    });
    expect(calls).toHaveLength(4);
    answers.push(invalid);
    expect(await settle(api.patch('/offer/1', { s: 1 }, { idempotent: true }))).toBeInstanceOf(HttpError);
    expect(keyOf(calls[4])).toBe(keyOf(calls[0]));
    await api.patch('/offer/1', { s: 1 }, { idempotent: true });
    expect(keyOf(calls[5])).not.toBe(keyOf(calls[0]));
  });

  it('a server error keeps the key, so pressing again retries the same action', async () => {
    answers.push(() => json(503, { statusCode: 503, name: 'X', message: 'x', data: { message: 'x' } }));
    expect(await settle(api.post('/application/1/submit-application', { v: 1 }, { idempotent: true }))).toMatchObject({
      status: 503,
    });
    await api.post('/application/1/submit-application', { v: 1 }, { idempotent: true });
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
  });
});

describe('uploads', () => {
  type Sent = { headers: Record<string, string> };
  let sent: Sent[];
  let outcomes: ('network' | number)[];

  beforeEach(() => {
    sent = [];
    outcomes = [];
    // The browser's XMLHttpRequest, as the network sees it.
    class FakeXhr {
      headers: Record<string, string> = {};
      status = 0;
      responseText = '';
      upload = { onprogress: null };
      withCredentials = false;
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      open() {}
      setRequestHeader(k: string, v: string) {
        this.headers[k] = v;
      }
      send() {
        sent.push({ headers: this.headers });
        const outcome = outcomes.shift() ?? 201;
        queueMicrotask(() => {
          if (outcome === 'network') return this.onerror?.();
          this.status = outcome;
          this.responseText = JSON.stringify({ data: { _id: 'f1' } });
          this.onload?.();
        });
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('an upload retried after a network error keeps its key; another file gets another', async () => {
    outcomes.push('network', 201, 201);
    const form = new FormData();
    const result = await settle(upload('/file/s3', form, () => {}, 'app|Voided Check|check.pdf|10|1'));
    expect(result).toEqual({ data: { _id: 'f1' } });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers['Idempotency-Key']).toBe(sent[0]!.headers['Idempotency-Key']);
    await upload('/file/s3', form, () => {}, 'app|Voided Check|other.pdf|10|1');
    expect(sent[2]!.headers['Idempotency-Key']).not.toBe(sent[0]!.headers['Idempotency-Key']);
  });

  it('each upload attempt starts a W3C trace of its own, as fetch calls do', async () => {
    outcomes.push('network', 201);
    await settle(upload('/file/s3', new FormData(), () => {}, 'app|Voided Check|check.pdf|10|1'));
    const [a, b] = sent.map((s) => s.headers.traceparent);
    expect(a).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(b).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(a!.slice(3, 35)).not.toBe(b!.slice(3, 35));
  });
});
