import { ObjectId } from 'mongodb';
import { lastValueFrom, map, throwError, timer } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_ERRORS } from '@portal/libs';
import { ApiClient, applicantFor } from '../../../../tests/support/api-client';
import { FINANCIAL_ANSWERS } from '../../../../tests/support/journey';
import { holdFor } from '../../../../tests/support/until';
import { PreparedAnswer } from '../http-exception.filter';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyService } from './idempotency.service';
import { KEY, idempotencySlice, newKey, replayed } from './idempotency.spec-setup';

// What an Idempotency-Key promises, request by request (the 1,000-duplicate runs, cut-short uploads and two
// replicas: idempotency-replicas.spec.ts).
const room = idempotencySlice();

/**
 * The interceptor as the app builds it, its service, and a Nest context for a POST to `originalUrl` carrying
 * `key`, signed in as `userId`: to drive the interceptor around a handler the test makes fail or run slow.
 */
function interceptorFor(
  key: string,
  { userId, originalUrl, body }: { userId: string; originalUrl: string; body: object },
) {
  const context = {
    getHandler: () => function handler() {},
    switchToHttp: () => ({
      getRequest: () => ({
        headers: { 'idempotency-key': key },
        method: 'POST',
        originalUrl,
        body,
        signedIn: { userId },
      }),
      getResponse: () => ({ setHeader: () => undefined }),
    }),
  } as never;
  return {
    interceptor: room.slice.app.get(IdempotencyInterceptor),
    service: room.slice.app.get(IdempotencyService),
    context,
  };
}

describe('Idempotency-Key: a repeat of the same request', () => {
  it('a repeat gets the first answer (status and body), marked as replayed, and the handler runs once', async () => {
    const key = newKey();
    const body = { ...FINANCIAL_ANSWERS, annualRevenue: '$1,300,000' };
    const first = await room.ada.call('PATCH', `/business/${room.adaBusiness}`, body, { [KEY]: key });
    expect(first.status).toBe(200);
    expect(replayed(first)).toBe(false);
    const written = await room.db.collection('businesses').findOne({ _id: new ObjectId(room.adaBusiness) });
    const again = await room.ada.call('PATCH', `/business/${room.adaBusiness}`, body, { [KEY]: key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(replayed(again)).toBe(true);
    // No second write: the record is as the first request left it.
    expect(await room.db.collection('businesses').findOne({ _id: new ObjectId(room.adaBusiness) })).toEqual(written);
  });

  it('the same key with a changed body, another path or another method answers 422 with a clear message', async () => {
    const key = newKey();
    expect(
      (await room.ada.call('PATCH', `/business/${room.adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key })).status,
    ).toBe(200);
    const changed = await room.ada.call(
      'PATCH',
      `/business/${room.adaBusiness}`,
      { ...FINANCIAL_ANSWERS, amountRequested: '$1' },
      { [KEY]: key },
    );
    expect(changed.status).toBe(422);
    expect(changed.body.data).toEqual({
      message: IDEMPOTENCY_ERRORS.IDEMPOTENCY_KEY_REUSED.message,
      code: 'IDEMPOTENCY_KEY_REUSED',
      // No message of the libs tables: the status's code, which the web shows as the server's English.
      messageCode: 'http.422',
    });
    const setId = (await room.ada.post('/owner', { applicationId: room.adaApp })).body._id as string;
    expect((await room.ada.call('PATCH', `/owner/${setId}`, FINANCIAL_ANSWERS, { [KEY]: key })).status).toBe(422);
    expect((await room.ada.call('POST', `/stage/${room.adaApp}/next`, FINANCIAL_ANSWERS, { [KEY]: key })).status).toBe(
      422,
    );
  });

  it('the same body with its fields in another order is the same request', async () => {
    const key = newKey();
    const first = await room.ada.call('PATCH', `/business/${room.adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
    const reordered = Object.fromEntries(Object.entries(FINANCIAL_ANSWERS).reverse());
    const again = await room.ada.call('PATCH', `/business/${room.adaBusiness}`, reordered, { [KEY]: key });
    expect(again.status).toBe(first.status);
    expect(replayed(again)).toBe(true);
  });

  it.each([['short'], ['x'.repeat(129)], ['has space in it 1234'], ['ünïcödé-key-1234567']])(
    'a malformed key %j answers 400 and runs nothing',
    async (key) => {
      const res = await room.ada.call('PATCH', `/business/${room.adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
      expect(res.status).toBe(400);
      expect(res.body.data.code).toBe('IDEMPOTENCY_KEY_INVALID');
    },
  );
});

describe('Idempotency-Key: whose answers, and which are kept', () => {
  it("keys are the signed-in user's: another user sending the same key and body never gets the stored answer", async () => {
    const key = newKey();
    const mine = await room.ada.call('PATCH', `/business/${room.adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
    expect(mine.status).toBe(200);
    const theirs = await room.eve.call('PATCH', `/business/${room.adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
    expect(theirs.status).toBe(404);
    expect(replayed(theirs)).toBe(false);
    expect(JSON.stringify(theirs.body)).not.toContain('Analytical');
  });

  it('register: a stranger with the same key but another body gets 422, never the stored answer', async () => {
    const key = newKey();
    const first = await new ApiClient(room.slice.baseUrl, '10.15.1.1').call(
      'POST',
      '/auth/register',
      applicantFor('idem-stranger'),
      { [KEY]: key },
    );
    expect(first.status).toBe(201);
    const stranger = await new ApiClient(room.slice.baseUrl, '10.15.1.2').call(
      'POST',
      '/auth/register',
      applicantFor('idem-other'),
      { [KEY]: key },
    );
    expect(stranger.status).toBe(422);
    expect(JSON.stringify(stranger.body)).not.toContain('idem-stranger');
  });

  it('a 4xx answer is stored and replayed; fixing the body needs a new key', async () => {
    const key = newKey();
    const bad = { ...FINANCIAL_ANSWERS, annualRevenue: 'lots' };
    const first = await room.ada.call('PATCH', `/business/${room.adaBusiness}`, bad, { [KEY]: key });
    expect(first.status).toBe(400);
    const again = await room.ada.call('PATCH', `/business/${room.adaBusiness}`, bad, { [KEY]: key });
    expect(again).toMatchObject({ status: 400, body: first.body });
    expect(replayed(again)).toBe(true);
    expect(
      (await room.ada.call('PATCH', `/business/${room.adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key })).status,
    ).toBe(422);
  });

  it('a 5xx or a crash of the handler releases the key, so the retry runs', async () => {
    // The interceptor as the app builds it, around a handler that fails as an outage would.
    const key = newKey();
    const { interceptor, service, context } = interceptorFor(key, {
      userId: 'u-crash',
      originalUrl: '/api/x',
      body: {},
    });
    const failing = { handle: () => throwError(() => new Error('database went away')) };
    await expect(lastValueFrom(interceptor.intercept(context, failing))).rejects.toThrow('database went away');
    expect(
      await room.db.collection('idempotencykeys').findOne({ _id: service.recordId('user:u-crash', key) as never }),
    ).toBeNull();
  });
});

describe('Idempotency-Key: a request still running', () => {
  it('a long request keeps its claim by renewing the lease: a repeat past the first lease waits, the handler runs once', async () => {
    const { interceptor, service, context } = interceptorFor(newKey(), {
      userId: 'u-slow',
      originalUrl: '/api/slow',
      body: { a: 1 },
    });
    let runs = 0;
    // A handler slower than three leases, as a large upload over a slow line. A lease of a second: each renewal
    // (every third of it) is a write that must land within it, on a machine busy with the rest of the suite.
    const slow = {
      handle: () => {
        runs++;
        return timer(4_000).pipe(map(() => ({ done: true })));
      },
    };
    service.leaseMs = 1_000;
    try {
      const first = lastValueFrom(interceptor.intercept(context, slow));
      await holdFor(2_300, 'the repeat must come after two leases have run out, while the first is still running');
      const repeat = await lastValueFrom(interceptor.intercept(context, slow)).catch((e: unknown) => e);
      expect(await first).toEqual({ done: true });
      expect(repeat).toBeInstanceOf(PreparedAnswer);
      expect(repeat).toMatchObject({ body: { done: true } });
      expect((repeat as PreparedAnswer).getStatus()).toBe(201);
      expect(runs).toBe(1);
    } finally {
      service.leaseMs = 60_000;
    }
  });

  it('a repeat while the first is still running waits a bounded time, then answers 409 request in progress', async () => {
    const key = newKey();
    await room.ada.call('PATCH', `/business/${room.adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
    await room.leaveRunning(key, 60_000);
    const service = room.slice.app.get(IdempotencyService);
    service.waitMs = 300;
    try {
      const started = Date.now();
      const res = await room.ada.call('PATCH', `/business/${room.adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(res.status).toBe(409);
      expect(res.body.data.code).toBe('REQUEST_IN_PROGRESS');
      expect(res.headers.get('retry-after')).toBe('1');
    } finally {
      service.waitMs = 10_000;
    }
  });
});

describe('Idempotency-Key: how long answers are kept, and on which routes', () => {
  it('answers are kept 24 hours: an expired one is not replayed, and the sweep removes it', async () => {
    const key = newKey();
    await room.ada.call('PATCH', `/business/${room.adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
    const service = room.slice.app.get(IdempotencyService);
    const id = service.recordId(`user:${(await room.ada.get('/auth/user')).body.data._id}`, key);
    const keys = room.db.collection('idempotencykeys');
    const kept = await keys.findOne({ _id: id as never });
    const hours = (kept!.expiresAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    await keys.updateOne({ _id: id as never }, { $set: { expiresAt: new Date(Date.now() - 1) } });
    const again = await room.ada.call('PATCH', `/business/${room.adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
    expect(replayed(again)).toBe(false);
    await keys.updateOne({ _id: id as never }, { $set: { expiresAt: new Date(Date.now() - 1) } });
    expect(await service.sweep()).toBeGreaterThanOrEqual(1);
    expect(await keys.findOne({ _id: id as never })).toBeNull();
  });

  it.each([
    ['PATCH', '/owner/{set}', { owners: [] }],
    ['PATCH', '/application/{app}', {}],
    ['POST', '/application/{app}/giggle-finance', { action: 'sideways' }],
    ['PATCH', '/stage/{app}', { pageName: 'OWNERS', pageStep: 1, from: { pageName: 'FINANCIAL', pageStep: 1 } }],
    ['POST', '/stage/{app}/next', { from: { pageName: 'FINANCIAL', pageStep: 1 } }],
    ['POST', '/application/{app}/submit-statements', {}],
    ['PATCH', '/offer/000000000000000000000000', { applicationId: '{app}', selectedId: 'x' }],
    ['POST', '/application/{app}/submit-application', { voidedCheck: 'uploaded', driversLicense: 'uploaded' }],
  ])('%s %s honours the key: the repeat is the first answer, a changed body 422', async (method, path, body) => {
    const app = (await room.eve.get('/auth/user')).body.data.applications[0]._id as string;
    const set = (await room.eve.post('/owner', { applicationId: app })).body._id as string;
    const fill = (v: string) => v.replace('{app}', app).replace('{set}', set);
    const url = fill(path);
    const sent = JSON.parse(fill(JSON.stringify(body))) as Record<string, unknown>;
    const key = newKey();
    const first = await room.eve.call(method, url, sent, { [KEY]: key });
    expect(first.status).toBeLessThan(500);
    const again = await room.eve.call(method, url, sent, { [KEY]: key });
    expect({ status: again.status, body: again.body, replayed: replayed(again) }).toEqual({
      status: first.status,
      body: first.body,
      replayed: true,
    });
    expect((await room.eve.call(method, url, { ...sent, extra: 1 }, { [KEY]: key })).status).toBe(422);
  });

  it('without the header the request runs as before', async () => {
    const res = await room.ada.patch(`/business/${room.adaBusiness}`, FINANCIAL_ANSWERS);
    expect(res.status).toBe(200);
    expect(replayed(res)).toBe(false);
  });
});
