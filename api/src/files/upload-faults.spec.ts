// Found by the load run: an upload whose S3 answer was lost after S3 had stored the
// object answered 500 and left that object behind, so the applicant's press again made a second copy of
// the document in S3. Now: 503, the unsaved object removed, and the next press stores the one copy.
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { startFaultProxy, type FaultProxy } from '../../../tests/support/fault-proxy';
import { onePagePdf } from '../../../tests/support/pdf-fixtures';
import { startSlice } from '../../../tests/support/slice';
import { UNFINISHED_AFTER_MS, UnfinishedUploads } from './unfinished-uploads';

let slice: Awaited<ReturnType<typeof startSlice>>;
let s3: FaultProxy;
let ada: ApiClient;
let appId: string;

beforeAll(async () => {
  s3 = await startFaultProxy(inject('s3Endpoint'), { name: 's3' });
  slice = await startSlice({ s3Endpoint: s3.url });
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'upload-faults', '10.7.9.1');
  appId = (await ada.get('/auth/user')).body.data.applications[0]._id as string;
  // Each document is taken only at the step that asks for it: the saved position, set
  // here at the final documents (statements submitted), which is not this file's subject.
  const mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  try {
    await mongo
      .db()
      .collection('stages')
      .updateOne({ _id: new ObjectId(appId) }, { $set: { pageName: 'DOCUMENTS', pageStep: 2, path: '/offers' } });
  } finally {
    await mongo.close();
  }
});
afterAll(async () => {
  await slice?.close();
  await s3?.close();
});

async function stored(): Promise<string[]> {
  const prefix = `applications/${appId}/documents/`;
  const res = await fetch(`${inject('s3Endpoint')}/portal-documents?list-type=2&prefix=${encodeURIComponent(prefix)}`);
  return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
}

it.each([
  ['reset', { kind: 'reset' }],
  ['hang', { kind: 'hang', holdMs: 200 }],
] as const)(
  'an S3 answer lost after the object was stored (%s): 503, no copy left, one copy after the retry',
  async (_, fault) => {
    const before = (await stored()).length;
    const pdf = await onePagePdf();
    const upload = () =>
      ada.upload(
        '/file/s3',
        { applicationId: appId, fileType: 'Voided Check' },
        { name: 'check.pdf', type: 'application/pdf', bytes: pdf },
      );
    s3.inject({ method: 'PUT', path: /\/documents\// }, fault, 1);
    const failed = await upload();
    expect(s3.armed()).toBe(0);
    expect(failed.status).toBe(503);
    expect(await stored()).toHaveLength(before);
    expect((await upload()).status).toBe(201);
    expect(await stored()).toHaveLength(before + 1);
  },
);

it('an object S3 kept when its removal failed too is swept once the upload is past finishing; a stored file is kept', async () => {
  const pdf = await onePagePdf();
  const upload = () =>
    ada.upload(
      '/file/s3',
      { applicationId: appId, fileType: 'Bank Statement', monthLabel: 'August 2026' },
      { name: 'statement.pdf', type: 'application/pdf', bytes: pdf },
    );
  const before = await stored();
  s3.inject({ method: 'PUT', path: /\/documents\// }, { kind: 'reset' }, 1);
  s3.inject({ method: 'DELETE', path: /\/documents\// }, { kind: 'status', status: 503 }, 10);
  expect((await upload()).status).toBe(503);
  s3.clear();
  const left = (await stored()).filter((k) => !before.includes(k));
  expect(left).toHaveLength(1);
  expect(left[0]).toMatch(/august-2026\.pdf$/);

  const saved = await upload();
  expect(saved.status).toBe(201);
  const sweeper = slice.app.get(UnfinishedUploads);
  // Not yet: an upload that young may still be on its way.
  expect(await sweeper.sweep()).toBe(0);
  expect(await sweeper.sweep(Date.now() + UNFINISHED_AFTER_MS + 1000)).toBe(1);
  const added = (await stored()).filter((k) => !before.includes(k));
  expect(added).toHaveLength(1);
  expect(added[0]).not.toBe(left[0]);
  expect(added[0]).toMatch(/august-2026\.pdf$/);
});

it('a keyed upload run again after its api died between the File row and the stored answer finds that file, not a second one', async () => {
  const pdf = await onePagePdf();
  const key = 'a'.repeat(8) + Date.now().toString(16).padStart(24, '0');
  const send = () =>
    ada.call(
      'POST',
      '/file/s3',
      (() => {
        const form = new FormData();
        form.append('applicationId', appId);
        form.append('fileType', 'Bank Statement');
        form.append('monthLabel', 'July 2026');
        form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'statement.pdf');
        return form;
      })(),
      { 'Idempotency-Key': key },
    );
  const before = await stored();
  const first = await send();
  expect(first.status).toBe(201);
  // What a dead api leaves: the file stored, no answer kept (its claim's lease ran out and was swept).
  const mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  try {
    expect((await mongo.db().collection('idempotencykeys').deleteMany({})).deletedCount).toBeGreaterThan(0);
  } finally {
    await mongo.close();
  }
  const again = await send();
  expect(again.status).toBe(201);
  expect(again.headers.get('idempotent-replayed')).toBeNull();
  expect(again.body.data).toEqual(first.body.data);
  expect((await stored()).filter((k) => !before.includes(k))).toHaveLength(1);
  const files = (await ada.get(`/file/application/${appId}`)).body.data as { fileName: string }[];
  expect(files.filter((f) => f.fileName.startsWith('july-2026'))).toHaveLength(1);

  // The same key, past its stored answer, naming another document: refused, nothing stored.
  const mongo2 = await MongoClient.connect(slice.env.MONGODB_URI);
  try {
    await mongo2.db().collection('idempotencykeys').deleteMany({});
  } finally {
    await mongo2.close();
  }
  const form = new FormData();
  form.append('applicationId', appId);
  form.append('fileType', 'Voided Check');
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'check.pdf');
  const reused = await ada.call('POST', '/file/s3', form, { 'Idempotency-Key': key });
  expect(reused.status).toBe(422);
  expect(reused.body.data.code).toBe('IDEMPOTENCY_KEY_REUSED');
  expect((await stored()).filter((k) => !before.includes(k))).toHaveLength(1);
});
