import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ApiClient, applicantFor } from '../../../../tests/support/api-client';
import { FINANCIAL_ANSWERS } from '../../../../tests/support/journey';
import { until } from '../../../../tests/support/until';
import { IDEMPOTENT_REPLAY_HEADER } from '@portal/libs';
import { IdempotencyService } from './idempotency.service';
import { KEY, idempotencySlice, newKey, pool, replayed } from './idempotency.spec-setup';

// The same key under load and across two api replicas: 1,000 duplicates, an upload cut short, a burst split
// across both replicas, and a claim whose request crashed.
const room = idempotencySlice();

/** The account's email, once it has come and a second had its window: one; and no CRM lead before the code. */
async function expectOneEmailAndNoLead(email: string) {
  await room.settle(email);
  expect(await room.mailsTo(email)).toBe(1);
  expect(room.leadsFor(email)).toBe(0);
}

describe('Idempotency-Key under load: 1,000 duplicates', () => {
  it('register: 1,000 duplicates in parallel (50 at a time) make one account and one email (and no lead before the code)', async () => {
    const key = newKey();
    const body = applicantFor('idem-burst');
    const started = Date.now();
    const answers = await pool(1000, 50, (i) =>
      new ApiClient(i % 2 ? room.slice.baseUrl : room.secondUrl, '10.15.2.1').call('POST', '/auth/register', body, {
        [KEY]: key,
      }),
    );
    const ms = Date.now() - started;
    console.log(`register: 1,000 parallel duplicates (50 in flight, both replicas) took ${ms} ms`);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => !replayed(a))).toHaveLength(1);
    expect(await room.db.collection('users').countDocuments({ userName: 'idem-burst@example.com' })).toBe(1);
    const user = await room.db.collection('users').findOne({ userName: 'idem-burst@example.com' });
    expect(await room.db.collection('applications').countDocuments({ userId: user!._id })).toBe(1);
    await expectOneEmailAndNoLead('idem-burst@example.com');
  }, 240_000);

  it('register: 1,000 duplicates one after another make one account and one email (and no lead before the code)', async () => {
    const key = newKey();
    const body = applicantFor('idem-serial');
    const started = Date.now();
    const answers = await pool(1000, 1, (i) =>
      new ApiClient(i % 2 ? room.slice.baseUrl : room.secondUrl, '10.15.3.1').call('POST', '/auth/register', body, {
        [KEY]: key,
      }),
    );
    const ms = Date.now() - started;
    console.log(`register: 1,000 sequential duplicates (alternating replicas) took ${ms} ms`);
    expect(answers.every((a) => a.status === 201 && JSON.stringify(a.body) === JSON.stringify(answers[0]!.body))).toBe(
      true,
    );
    expect(answers.filter((a) => !replayed(a))).toHaveLength(1);
    expect(await room.db.collection('users').countDocuments({ userName: 'idem-serial@example.com' })).toBe(1);
    await expectOneEmailAndNoLead('idem-serial@example.com');
  }, 240_000);

  it('upload: 1,000 duplicate streamed uploads (each with its own multipart boundary) store one document', async () => {
    const key = newKey();
    const adaTwo = room.onSecond(room.ada, '10.15.0.1');
    const send = (i: number) =>
      (i % 2 ? room.ada : adaTwo).call('POST', '/file/s3', room.uploadForm(room.adaApp), { [KEY]: key });
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
    const files = await room.db.collection('files').find({ fileType: 'Voided Check' }).toArray();
    expect(files).toHaveLength(1);
    // Another file under the same key is another request: 422, without buffering it.
    const other = room.uploadForm(room.adaApp);
    other.append('extra', 'x'.repeat(10));
    expect((await room.ada.call('POST', '/file/s3', other, { [KEY]: key })).status).toBe(422);
  }, 240_000);
});

describe('Idempotency-Key across a broken connection, two replicas and a crash', () => {
  it('an upload cut short by the network is not stored: its retry with the same key stores the document', async () => {
    const key = newKey();
    const form = room.uploadForm(room.adaApp);
    form.set('fileType', 'Drivers License');
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const headers = {
      'content-type': encoded.headers.get('content-type')!,
      'content-length': String(bytes.length),
      cookie: [...room.ada.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
      'x-xsrf-token': room.ada.cookies.get('XSRF-TOKEN')!,
      'x-forwarded-for': '10.15.0.1',
      [KEY]: key,
    };
    const id = room.slice.app
      .get(IdempotencyService)
      .recordId(`user:${(await room.ada.get('/auth/user')).body.data._id}`, key);
    const record = () => room.db.collection('idempotencykeys').findOne({ _id: id as never });
    // Half the body; once the api has taken the request up (its key recorded), the connection breaks.
    const req = httpRequest(`${room.slice.baseUrl}/file/s3`, { method: 'POST', headers });
    req.on('error', () => undefined);
    await new Promise<void>((resolve) => req.write(bytes.subarray(0, bytes.length >> 1), () => resolve()));
    await until(record, (r) => r !== null);
    req.destroy();
    await until(record, (r) => r === null, { ms: 5_000 }).catch(() => undefined);
    expect(await room.db.collection('idempotencykeys').findOne({ _id: id as never })).toBeNull();
    const retry = await fetch(`${room.slice.baseUrl}/file/s3`, { method: 'POST', headers, body: bytes });
    expect(retry.status).toBe(201);
    expect(retry.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
    expect(await room.db.collection('files').countDocuments({ fileType: 'Drivers License' })).toBe(1);
  });

  it('two api replicas sharing the database: a burst split across both runs the save once', async () => {
    const key = newKey();
    const adaTwo = room.onSecond(room.ada, '10.15.0.1');
    const body = { ...FINANCIAL_ANSWERS, annualRevenue: '$2,000,000' };
    const answers = await pool(100, 20, (i) =>
      (i % 2 ? room.ada : adaTwo).call('PATCH', `/business/${room.adaBusiness}`, body, { [KEY]: key }),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => !replayed(a))).toHaveLength(1);
  });

  it('a claim whose request crashed expires: the repeat runs the request instead of waiting forever', async () => {
    const key = newKey();
    const first = await room.ada.call('PATCH', `/business/${room.adaBusiness}`, FINANCIAL_ANSWERS, { [KEY]: key });
    // As an api that died mid-request leaves it: pending, no answer, its lease run out.
    const { keys, id } = await room.leaveRunning(key, -1000);
    const again = await room
      .onSecond(room.ada, '10.15.0.1')
      .call('PATCH', `/business/${room.adaBusiness}`, FINANCIAL_ANSWERS, {
        [KEY]: key,
      });
    expect(again.status).toBe(200);
    expect(replayed(again)).toBe(false);
    // The repeat ran the save again: the same answers, written once more (its revision one further).
    expect({ ...again.body, updatedAt: undefined, revision: undefined }).toEqual({
      ...first.body,
      updatedAt: undefined,
      revision: undefined,
    });
    expect(again.body.revision).toBe(first.body.revision + 1);
    expect(await keys.findOne({ _id: id })).toMatchObject({ state: 'done', status: 200 });
  });
});
