// The erasure test's applicants and its search for their traces in every store the portal writes.
import { ListObjectsV2Command, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Payload } from '@temporalio/common';
import { MongoClient, type Db } from 'mongodb';
import { s3ClientOptions } from '@portal/libs';
import {
  APPLICATION_KEYS_COLLECTION,
  applicationWorkflowId,
  createDataConverter,
  type ApplicationKeyRecord,
} from '@portal/workflows';
import { expect } from 'vitest';
import { ApiClient, TEST_PASSWORD, codeFromMail } from '../../../tests/support/api-client';
import { onePagePdf } from '../../../tests/support/pdf-fixtures';
import { workflowClient } from '../../../tests/support/histories';
import type { Slice } from '../../../tests/support/slice-hooks';

/** An applicant whose words appear nowhere else in the test's stores. */
export const zelda = {
  firstName: 'Zelda',
  lastName: 'Quarrington',
  businessName: 'Quarrington Works LLC',
  phone: '+14155550177',
  email: 'erase-zelda@example.com',
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
};
export const zeldaOwner = {
  firstName: 'Zelda',
  lastName: 'Quarrington',
  ssn: '219-09-9999',
  phoneNumber: '(415) 555-0199',
};
/** What must not be found of her: email, names, SSN (as typed and digits), phones (as typed and digits). */
export const NEEDLES = [
  'erase-zelda',
  'Zelda',
  'Quarrington',
  '219-09-9999',
  '219099999',
  '555-0199',
  '5550199',
  '5550177',
];

export async function signUp(slice: Slice, body: typeof zelda, ip: string): Promise<ApiClient> {
  const b = new ApiClient(slice.baseUrl, ip);
  const since = new Date();
  const reg = await b.post('/auth/register', body);
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const code = await codeFromMail(slice.maildevUrl, body.email, since);
  const ok = await b.post('/auth/confirm-signup', { username: body.email, password: body.password, code });
  if (ok.status !== 200) throw new Error(`confirm answered ${ok.status}`);
  return b;
}

const hits = (text: string) => NEEDLES.filter((n) => text.toLowerCase().includes(n.toLowerCase()));

/** Every document of every collection that names her: `collection: needles`. */
export async function mongoTraces(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of await db.listCollections().toArray()) {
    for (const doc of await db.collection(name).find({}).toArray()) {
      const h = hits(JSON.stringify(doc));
      if (h.length) found.push(`${name}: ${h.join(',')}`);
    }
  }
  return found;
}

/** Every S3 object of the bucket whose key or bytes name her, or that sits under her application. */
export async function s3Traces(slice: Slice, applicationId: string): Promise<string[]> {
  const s3 = new S3Client(s3ClientOptions(slice.settings.worker));
  const found: string[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket: slice.settings.worker.S3_BUCKET, ContinuationToken: token }),
      );
      for (const { Key } of page.Contents ?? []) {
        const body = await s3.send(new GetObjectCommand({ Bucket: slice.settings.worker.S3_BUCKET, Key }));
        const text = Buffer.from(await body.Body!.transformToByteArray()).toString('latin1');
        if (Key!.includes(applicationId) || hits(Key! + text).length) found.push(Key!);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    s3.destroy();
  }
  return found;
}

/** The CRM stand-in's records (deleted ones too, as the recycle bin keeps them) that name her. */
export function crmTraces(slice: Slice): string[] {
  const found: string[] = [];
  for (const type of ['Lead', 'Contact', 'Account', 'Opportunity', 'ContentVersion', 'Task', 'Note'])
    for (const r of slice.crm.records(type)) if (hits(JSON.stringify(r)).length) found.push(`${type} ${r.Id}`);
  return found;
}

/** Every payload object in a history (any depth). */
function payloadsOf(node: unknown, out: Payload[] = []): Payload[] {
  if (!node || typeof node !== 'object') return out;
  if (ArrayBuffer.isView(node)) return out;
  const o = node as Record<string, unknown>;
  if (o.metadata && typeof o.metadata === 'object' && 'data' in o && ArrayBuffer.isView(o.data)) out.push(o as Payload);
  else for (const v of Object.values(o)) payloadsOf(v, out);
  return out;
}

/**
 * An application's history decoded through the codec: its payloads opened ('open') and left sealed
 * ('sealed'), and the needles found in what opened and in the raw bytes of the history.
 */
export async function historyTraces(slice: Slice, applicationId: string) {
  const client = await workflowClient(slice.env.TEMPORAL_ADDRESS);
  // A codec of its own, as an operator's would be: no key remembered from the run.
  const mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  try {
    const keys = mongo.db().collection<ApplicationKeyRecord>(APPLICATION_KEYS_COLLECTION);
    const codec = (await createDataConverter(slice.settings.worker, keys)).payloadCodecs[0]!;
    const history = await client.workflow.getHandle(applicationWorkflowId(applicationId)).fetchHistory();
    const payloads = payloadsOf(history);
    const decoded = await codec.decode(payloads);
    const enc = (p: Payload) => new TextDecoder().decode(p.metadata?.encoding ?? new Uint8Array());
    const text = decoded.map((p) => Buffer.from(p.data ?? new Uint8Array()).toString('utf8')).join('\n');
    const raw = JSON.stringify(history, (_k, v: unknown) =>
      ArrayBuffer.isView(v) ? Buffer.from(v as Uint8Array).toString('latin1') : v,
    );
    return {
      total: payloads.length,
      sealed: decoded.filter((p) => enc(p) === 'binary/encrypted').length,
      text,
      found: [...new Set([...hits(text), ...hits(raw)])],
    };
  } finally {
    await client.connection.close();
    await mongo.close();
  }
}

/** The journey from the signature on, as the browser walks it: statements, offer, voided check, submission. */
export async function submitApplication(client: ApiClient, applicationId: string) {
  const pdf = async (name: string) => ({ name, type: 'application/pdf', bytes: await onePagePdf() });
  for (const monthLabel of ['October 2026', 'September 2026']) {
    const up = await client.upload(
      '/file/s3',
      { applicationId, fileType: 'Bank Statement', monthLabel },
      await pdf('s.pdf'),
    );
    expect(up.status).toBe(201);
  }
  expect((await client.post(`/application/${applicationId}/submit-statements`)).status).toBe(200);
  const priced = await client.post('/offer', { applicationId });
  const chosen = await client.patch(`/offer/${priced.body.data._id}`, { applicationId, selectedId: 'std-12' });
  expect(chosen.status).toBe(200);
  const check = await client.upload('/file/s3', { applicationId, fileType: 'Voided Check' }, await pdf('check.pdf'));
  expect(check.status).toBe(201);
  const done = await client.post(`/application/${applicationId}/submit-application`, {
    voidedCheck: 'uploaded',
    driversLicense: 'notAvailable',
  });
  expect(done.status).toBe(200);
}

/**
 * What the e-sign stand-in (Box) holds of an application, trashed items included: its folder and what is
 * in it, the files named (her PDFs and signed copies) or whose bytes name her, and her sign requests
 * still open.
 */
export function boxTraces(slice: Slice, applicationId: string, email: string, fileIds: string[] = []): string[] {
  const { esign } = slice;
  const folders = esign.folders().filter((f) => f.name === `application-${applicationId}`);
  for (let i = 0; i < folders.length; i++)
    folders.push(...esign.folders().filter((f) => f.parentId === folders[i]!.id));
  const inside = new Set(folders.map((f) => f.id));
  const files = esign
    .files()
    .filter(
      (f) =>
        inside.has(f.parentId) ||
        fileIds.includes(f.id) ||
        hits(`${f.name} ${esign.fileBytes(f.id)?.toString('latin1') ?? ''}`).length > 0,
    );
  const open = esign
    .requests()
    .filter((r) => ['converting', 'sent', 'viewed', 'downloaded'].includes(r.status))
    .filter((r) => r.signers.some((s) => s.email === email) || hits(r.name ?? '').length > 0);
  return [
    ...folders.map((f) => `folder ${f.id} ${f.name}`),
    ...files.map((f) => `file ${f.id} ${f.name}`),
    ...open.map((r) => `sign request ${r.id} ${r.status}`),
  ];
}

/** The ids of the files in an application's Box folder, not trashed (another applicant's, which stay). */
export function boxFiles(slice: Slice, applicationId: string): string[] {
  const folder = slice.esign.folders().find((f) => f.name === `application-${applicationId}` && !f.trashedAt);
  return slice.esign
    .files()
    .filter((f) => folder && f.parentId === folder.id && !f.trashedAt)
    .map((f) => f.id);
}
