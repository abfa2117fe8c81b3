import type { NestExpressApplication } from '@nestjs/platform-express';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { lastValueFrom, map, throwError, timer } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_ERRORS, IDEMPOTENT_REPLAY_HEADER } from '@portal/libs';
import { ApiClient, applicantFor, signUpAndConfirm, type Answer } from '../../../../tests/support/api-client';
import { FINANCIAL_ANSWERS } from '../../../../tests/support/journey';
import { onePagePdf } from '../../../../tests/support/pdf-fixtures';
import { startSlice } from '../../../../tests/support/slice';
import { holdFor, until } from '../../../../tests/support/until';
import { PreparedAnswer } from '../http-exception.filter';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyService } from './idempotency.service';

type Slice = Awaited<ReturnType<typeof startSlice>>;
let slice: Slice;
/** A second api replica on the same database, as two instances behind a load balancer. */
let second: NestExpressApplication;
let secondUrl: string;
let mongo: MongoClient;
let db: Db;
let ada: ApiClient;
let eve: ApiClient;
let adaApp: string;
let adaBusiness: string;
let pdf: Uint8Array;

const KEY = 'Idempotency-Key';
const newKey = () => randomUUID();
const replayed = (a: Answer) => a.headers.get(IDEMPOTENT_REPLAY_HEADER) === 'true';

/** The same browser (cookies) talking to the second replica. */
function onSecond(client: ApiClient, ip: string) {
  const other = new ApiClient(secondUrl, ip);
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
}

/** Runs `n` calls with at most `width` in flight at once; answers in call order. */
async function pool<T>(n: number, width: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await call(i);
      }
    }),
  );
  return out;
}

const mailsTo = async (address: string) =>
  ((await (await fetch(`${slice.maildevUrl}/api/email`)).json()) as { to: { address: string }[] }[]).filter((m) =>
    m.to.some((t) => t.address.toLowerCase() === address),
  ).length;
const leadsFor = (email: string) => slice.crm.records('Lead').filter((l) => l.Email === email).length;
/** The account's email and CRM lead are sent in the background: wait until both have come. */
const settle = (email: string) =>
  Promise.all([
    until(
      () => mailsTo(email),
      (n) => n > 0,
    ),
    until(
      () => leadsFor(email),
      (n) => n > 0,
    ),
  ]);

const uploadForm = (applicationId: string) => {
  const form = new FormData();
  form.append('applicationId', applicationId);
  form.append('fileType', 'Voided Check');
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'check.pdf');
  return form;
};

beforeAll(async () => {
  pdf = await onePagePdf();
  slice = await startSlice();
  const { createApp } = await import('../../app');
  second = await createApp();
  await second.listen(0, '127.0.0.1');
  secondUrl = `http://127.0.0.1:${(second.getHttpServer().address() as { port: number }).port}/api`;
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  db = mongo.db();
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'idem-ada', '10.15.0.1');
  eve = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'idem-eve', '10.15.0.2');
  adaApp = (await ada.get('/auth/user')).body.data.applications[0]._id as string;
  adaBusiness = (await ada.get(`/business/application/${adaApp}`)).body._id as string;
});

afterAll(async () => {
  await second?.close();
  await mongo?.close();
  await slice?.close();
});

describe('Idempotency-Key', () => {
  it('a repeat gets the first answer (status and body), marked as replayed, and the handler runs once', async () => {
    const key = newKey();
    const body = { ...FINANCIAL_ANSWERS, annualRevenue: '$1,300,000' };
    const first = await ada.call('PATCH', `/business/${adaBusiness}`, body, { [KEY]: key });
    expect(first.status).toBe(200);
    expect(replayed(first)).toBe(false);
    const written = await db.collection('businesses').findOne({ _id: new ObjectId(adaBusiness) });
    const again = await ada.call('PATCH', `/business/${adaBusiness}`, body, { [KEY]: key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(replayed(again)).toBe(true);
    // No second write: the record is as the first request left it.
    expect(await db.collection('businesses').findOne({ _id: new ObjectId(adaBusiness) })).toEqual(written);
  });

  it('the same key with a changed body, another path or another method answers 422 with a clear message', async () => {
    const key = newKey();
    expect((await ada.call('PATCH', `/business/${adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key })).status).toBe(200);
    const changed = await ada.call(
      'PATCH',
      `/business/${adaBusiness}`,
      { ...FINANCIAL_ANSWERS, amountRequested: '$1' },
      { [KEY]: key },
    );
    expect(changed.status).toBe(422);
    expect(changed.body.data).toEqual({
      message: IDEMPOTENCY_ERRORS.IDEMPOTENCY_KEY_REUSED.message,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const setId = (await ada.post('/owner', { applicationId: adaApp })).body._id as string;
    expect((await ada.call('PATCH', `/owner/${setId}`, FINANCIAL_ANSWERS, { [KEY]: key })).status).toBe(422);
    expect((await ada.call('POST', `/stage/${adaApp}/next`, FINANCIAL_ANSWERS, { [KEY]: key })).status).toBe(422);
  });

  it('the same body with its fields in another order is the same request', async () => {
    const key = newKey();
    const first = await ada.call('PATCH', `/business/${adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
    const reordered = Object.fromEntries(Object.entries(FINANCIAL_ANSWERS).reverse());
    const again = await ada.call('PATCH', `/business/${adaBusiness}`, reordered, { [KEY]: key });
    expect(again.status).toBe(first.status);
    expect(replayed(again)).toBe(true);
  });

  it.each([['short'], ['x'.repeat(129)], ['has space in it 1234'], ['ünïcödé-key-1234567']])(
    'a malformed key %j answers 400 and runs nothing',
    async (key) => {
      const res = await ada.call('PATCH', `/business/${adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
      expect(res.status).toBe(400);
      expect(res.body.data.code).toBe('IDEMPOTENCY_KEY_INVALID');
    },
  );

  it("keys are the signed-in user's: another user sending the same key and body never gets the stored answer", async () => {
    const key = newKey();
    const mine = await ada.call('PATCH', `/business/${adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
    expect(mine.status).toBe(200);
    const theirs = await eve.call('PATCH', `/business/${adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
    expect(theirs.status).toBe(404);
    expect(replayed(theirs)).toBe(false);
    expect(JSON.stringify(theirs.body)).not.toContain('Analytical');
  });

  it('register: a stranger with the same key but another body gets 422, never the stored answer', async () => {
    const key = newKey();
    const first = await new ApiClient(slice.baseUrl, '10.15.1.1').call(
      'POST',
      '/auth/register',
      applicantFor('idem-stranger'),
      { [KEY]: key },
    );
    expect(first.status).toBe(201);
    const stranger = await new ApiClient(slice.baseUrl, '10.15.1.2').call(
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
    const first = await ada.call('PATCH', `/business/${adaBusiness}`, bad, { [KEY]: key });
    expect(first.status).toBe(400);
    const again = await ada.call('PATCH', `/business/${adaBusiness}`, bad, { [KEY]: key });
    expect(again).toMatchObject({ status: 400, body: first.body });
    expect(replayed(again)).toBe(true);
    expect((await ada.call('PATCH', `/business/${adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key })).status).toBe(422);
  });

  it('a 5xx or a crash of the handler releases the key, so the retry runs', async () => {
    // The interceptor as the app builds it, around a handler that fails as an outage would.
    const interceptor = slice.app.get(IdempotencyInterceptor);
    const service = slice.app.get(IdempotencyService);
    const key = newKey();
    const req = {
      headers: { 'idempotency-key': key },
      method: 'POST',
      originalUrl: '/api/x',
      body: {},
      signedIn: { userId: 'u-crash' },
    };
    const res = { setHeader: () => undefined };
    const context = {
      getHandler: () => function handler() {},
      switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }),
    } as never;
    const failing = { handle: () => throwError(() => new Error('database went away')) };
    await expect(lastValueFrom(interceptor.intercept(context, failing))).rejects.toThrow('database went away');
    expect(
      await db.collection('idempotencykeys').findOne({ _id: service.recordId('user:u-crash', key) as never }),
    ).toBeNull();
  });

  it('a long request keeps its claim by renewing the lease: a repeat past the first lease waits, the handler runs once', async () => {
    const interceptor = slice.app.get(IdempotencyInterceptor);
    const service = slice.app.get(IdempotencyService);
    const key = newKey();
    const context = {
      getHandler: () => function handler() {},
      switchToHttp: () => ({
        getRequest: () => ({
          headers: { 'idempotency-key': key },
          method: 'POST',
          originalUrl: '/api/slow',
          body: { a: 1 },
          signedIn: { userId: 'u-slow' },
        }),
        getResponse: () => ({ setHeader: () => undefined }),
      }),
    } as never;
    let runs = 0;
    // A handler slower than three leases, as a large upload over a slow line.
    const slow = {
      handle: () => {
        runs++;
        return timer(1_200).pipe(map(() => ({ done: true })));
      },
    };
    service.leaseMs = 300;
    try {
      const first = lastValueFrom(interceptor.intercept(context, slow));
      await holdFor(700, 'the repeat must come after two leases have run out, while the first is still running');
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

  it('register: 1,000 duplicates in parallel (50 at a time) make one account, one CRM lead and one email', async () => {
    const key = newKey();
    const body = applicantFor('idem-burst');
    const started = Date.now();
    const answers = await pool(1000, 50, (i) =>
      new ApiClient(i % 2 ? slice.baseUrl : secondUrl, '10.15.2.1').call('POST', '/auth/register', body, {
        [KEY]: key,
      }),
    );
    const ms = Date.now() - started;
    console.log(`register: 1,000 parallel duplicates (50 in flight, both replicas) took ${ms} ms`);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => !replayed(a))).toHaveLength(1);
    expect(await db.collection('users').countDocuments({ userName: 'idem-burst@example.com' })).toBe(1);
    const user = await db.collection('users').findOne({ userName: 'idem-burst@example.com' });
    expect(await db.collection('applications').countDocuments({ userId: user!._id })).toBe(1);
    await settle('idem-burst@example.com');
    expect(await mailsTo('idem-burst@example.com')).toBe(1);
    expect(leadsFor('idem-burst@example.com')).toBe(1);
  }, 240_000);

  it('register: 1,000 duplicates one after another make one account, one CRM lead and one email', async () => {
    const key = newKey();
    const body = applicantFor('idem-serial');
    const started = Date.now();
    const answers = await pool(1000, 1, (i) =>
      new ApiClient(i % 2 ? slice.baseUrl : secondUrl, '10.15.3.1').call('POST', '/auth/register', body, {
        [KEY]: key,
      }),
    );
    const ms = Date.now() - started;
    console.log(`register: 1,000 sequential duplicates (alternating replicas) took ${ms} ms`);
    expect(answers.every((a) => a.status === 201 && JSON.stringify(a.body) === JSON.stringify(answers[0]!.body))).toBe(
      true,
    );
    expect(answers.filter((a) => !replayed(a))).toHaveLength(1);
    expect(await db.collection('users').countDocuments({ userName: 'idem-serial@example.com' })).toBe(1);
    await settle('idem-serial@example.com');
    expect(await mailsTo('idem-serial@example.com')).toBe(1);
    expect(leadsFor('idem-serial@example.com')).toBe(1);
  }, 240_000);

  it('upload: 1,000 duplicate streamed uploads (each with its own multipart boundary) store one document', async () => {
    const key = newKey();
    const adaTwo = onSecond(ada, '10.15.0.1');
    const send = (i: number) => (i % 2 ? ada : adaTwo).call('POST', '/file/s3', uploadForm(adaApp), { [KEY]: key });
    const started = Date.now();
    const serial = await pool(500, 1, send);
    const serialMs = Date.now() - started;
    const parallel = await pool(500, 50, send);
    const parallelMs = Date.now() - started - serialMs;
    console.log(`upload: 500 sequential duplicates ${serialMs} ms, 500 parallel (50 in flight) ${parallelMs} ms`);
    const all = [...serial, ...parallel];
    expect(new Set(all.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(all.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(all.filter((a) => !replayed(a))).toHaveLength(1);
    const files = await db.collection('files').find({ fileType: 'Voided Check' }).toArray();
    expect(files).toHaveLength(1);
    // Another file under the same key is another request: 422, without buffering it.
    const other = uploadForm(adaApp);
    other.append('extra', 'x'.repeat(10));
    expect((await ada.call('POST', '/file/s3', other, { [KEY]: key })).status).toBe(422);
  }, 240_000);

  it('an upload cut short by the network is not stored: its retry with the same key stores the document', async () => {
    const key = newKey();
    const form = uploadForm(adaApp);
    form.set('fileType', 'Drivers License');
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const headers = {
      'content-type': encoded.headers.get('content-type')!,
      'content-length': String(bytes.length),
      cookie: [...ada.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
      'x-xsrf-token': ada.cookies.get('XSRF-TOKEN')!,
      'x-forwarded-for': '10.15.0.1',
      [KEY]: key,
    };
    const id = slice.app.get(IdempotencyService).recordId(`user:${(await ada.get('/auth/user')).body.data._id}`, key);
    const record = () => db.collection('idempotencykeys').findOne({ _id: id as never });
    // Half the body; once the api has taken the request up (its key recorded), the connection breaks.
    const req = httpRequest(`${slice.baseUrl}/file/s3`, { method: 'POST', headers });
    req.on('error', () => undefined);
    await new Promise<void>((resolve) => req.write(bytes.subarray(0, bytes.length >> 1), () => resolve()));
    await until(record, (r) => r !== null);
    req.destroy();
    await until(record, (r) => r === null, { ms: 5_000 }).catch(() => undefined);
    expect(await db.collection('idempotencykeys').findOne({ _id: id as never })).toBeNull();
    const retry = await fetch(`${slice.baseUrl}/file/s3`, { method: 'POST', headers, body: bytes });
    expect(retry.status).toBe(201);
    expect(retry.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
    expect(await db.collection('files').countDocuments({ fileType: 'Drivers License' })).toBe(1);
  });

  it('two api replicas sharing the database: a burst split across both runs the save once', async () => {
    const key = newKey();
    const adaTwo = onSecond(ada, '10.15.0.1');
    const body = { ...FINANCIAL_ANSWERS, annualRevenue: '$2,000,000' };
    const answers = await pool(100, 20, (i) =>
      (i % 2 ? ada : adaTwo).call('PATCH', `/business/${adaBusiness}`, body, { [KEY]: key }),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => !replayed(a))).toHaveLength(1);
  });

  it('a claim whose request crashed expires: the repeat runs the request instead of waiting forever', async () => {
    const key = newKey();
    const first = await ada.call('PATCH', `/business/${adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
    const keys = db.collection('idempotencykeys');
    const id = slice.app.get(IdempotencyService).recordId(`user:${(await ada.get('/auth/user')).body.data._id}`, key);
    // As an api that died mid-request leaves it: pending, no answer, its lease run out.
    await keys.updateOne(
      { _id: id as never },
      { $set: { state: 'pending', expiresAt: new Date(Date.now() - 1000) }, $unset: { status: '', body: '' } },
    );
    const again = await onSecond(ada, '10.15.0.1').call('PATCH', `/business/${adaBusiness}`, FINANCIAL_ANSWERS, {
      [KEY]: key,
    });
    expect(again.status).toBe(200);
    expect(replayed(again)).toBe(false);
    expect({ ...again.body, updatedAt: undefined }).toEqual({ ...first.body, updatedAt: undefined });
    expect(await keys.findOne({ _id: id as never })).toMatchObject({ state: 'done', status: 200 });
  });

  it('a repeat while the first is still running waits a bounded time, then answers 409 request in progress', async () => {
    const key = newKey();
    await ada.call('PATCH', `/business/${adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
    const keys = db.collection('idempotencykeys');
    const id = slice.app.get(IdempotencyService).recordId(`user:${(await ada.get('/auth/user')).body.data._id}`, key);
    await keys.updateOne(
      { _id: id as never },
      { $set: { state: 'pending', expiresAt: new Date(Date.now() + 60_000) }, $unset: { status: '', body: '' } },
    );
    const service = slice.app.get(IdempotencyService);
    service.waitMs = 300;
    try {
      const started = Date.now();
      const res = await ada.call('PATCH', `/business/${adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(res.status).toBe(409);
      expect(res.body.data.code).toBe('REQUEST_IN_PROGRESS');
      expect(res.headers.get('retry-after')).toBe('1');
    } finally {
      service.waitMs = 10_000;
    }
  });

  it('answers are kept 24 hours: an expired one is not replayed, and the sweep removes it', async () => {
    const key = newKey();
    await ada.call('PATCH', `/business/${adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
    const service = slice.app.get(IdempotencyService);
    const id = service.recordId(`user:${(await ada.get('/auth/user')).body.data._id}`, key);
    const keys = db.collection('idempotencykeys');
    const kept = await keys.findOne({ _id: id as never });
    const hours = (kept!.expiresAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    await keys.updateOne({ _id: id as never }, { $set: { expiresAt: new Date(Date.now() - 1) } });
    const again = await ada.call('PATCH', `/business/${adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
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
    const app = (await eve.get('/auth/user')).body.data.applications[0]._id as string;
    const set = (await eve.post('/owner', { applicationId: app })).body._id as string;
    const fill = (v: string) => v.replace('{app}', app).replace('{set}', set);
    const url = fill(path);
    const sent = JSON.parse(fill(JSON.stringify(body))) as Record<string, unknown>;
    const key = newKey();
    const first = await eve.call(method, url, sent, { [KEY]: key });
    expect(first.status).toBeLessThan(500);
    const again = await eve.call(method, url, sent, { [KEY]: key });
    expect({ status: again.status, body: again.body, replayed: replayed(again) }).toEqual({
      status: first.status,
      body: first.body,
      replayed: true,
    });
    expect((await eve.call(method, url, { ...sent, extra: 1 }, { [KEY]: key })).status).toBe(422);
  });

  it('without the header the request runs as before', async () => {
    const res = await ada.patch(`/business/${adaBusiness}`, FINANCIAL_ANSWERS);
    expect(res.status).toBe(200);
    expect(replayed(res)).toBe(false);
  });
});
