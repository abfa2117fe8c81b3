import { MongoClient, ObjectId } from 'mongodb';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { onePagePdf, userPasswordPdf } from '../../../tests/support/pdf-fixtures';
import { startS3Recorder } from '../../../tests/support/s3-recorder';
import { startSlice } from '../../../tests/support/slice';
import { holdFor, until } from '../../../tests/support/until';
import { recordHistory, workflowClient } from '../../../tests/support/histories';
import { applicationWorkflowId } from '@portal/workflows';
import { SPOOL_PREFIX } from './upload-stream';
import { documentSignals, signedApplication, stalePricing } from './files.spec-setup';
import { allOfApplication, ofApplication } from '../../../tests/support/crm-lead';

let slice: Awaited<ReturnType<typeof startSlice>>;
let s3: Awaited<ReturnType<typeof startS3Recorder>>;
let ada: ApiClient;
let eve: ApiClient;
let appId: string;
/** A real one-page PDF: the api checks the structure, not just the header. */
let pdfBytes: Uint8Array;

const pdf = () => pdfBytes;
const statement = (monthLabel: string, bytes = pdf(), name = 'statement.pdf', type = 'application/pdf') =>
  ada.upload('/file/s3', { applicationId: appId, fileType: 'Bank Statement', monthLabel }, { name, type, bytes });

beforeAll(async () => {
  pdfBytes = await onePagePdf();
  // Every S3 request of the api and the worker passes through the recorder, to see its headers.
  s3 = await startS3Recorder(inject('s3Endpoint'));
  slice = await startSlice({ s3Endpoint: s3.url });
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'files-ada', '10.7.0.1');
  eve = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'files-eve', '10.7.0.2');
  appId = await signedApplication(ada);
});

afterAll(async () => {
  await slice?.close();
  await s3?.close();
});

describe('bank statements', () => {
  it('streams a PDF to S3, renamed by its month label, several per month', async () => {
    // A statement removed before submission never reaches the CRM (checked with the ContentVersions below).
    const removed = await statement('July 2026');
    expect((await ada.delete(`/file/${removed.body.data._id}`)).status).toBe(200);
    const first = await statement('October 2026');
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ fileName: 'october-2026.pdf', fileType: 'Bank Statement' });
    const second = await statement('October 2026');
    expect(second.body.data.fileName).toBe('october-2026-2.pdf');
    await statement('September 2026');
    const list = (await ada.get(`/file/application/${appId}`)).body.data;
    expect(list.map((f: { fileName: string }) => f.fileName)).toEqual([
      'october-2026.pdf',
      'october-2026-2.pdf',
      'september-2026.pdf',
    ]);
  });

  it('advises at once on a statement for another month or behind a password, keeping it', async () => {
    const july = await onePagePdf({ text: 'Statement period: July 1, 2026 - July 31, 2026' });
    const wrong = await statement('August 2026', july, 'july.pdf');
    expect(wrong.status).toBe(201);
    expect(wrong.body.data.advice).toEqual([
      { code: 'wrongPeriod', periodStart: '2026-07-01', periodEnd: '2026-07-31' },
    ]);
    const right = await statement('July 2026', july, 'july.pdf');
    expect(right.body.data.advice).toEqual([]);
    const locked = await statement('August 2026', userPasswordPdf(), 'locked.pdf');
    expect(locked.status).toBe(201);
    expect(locked.body.data.advice).toEqual([{ code: 'encrypted' }]);
    // A statement with no period in its text (or a scan) gets no advice: the check never guesses.
    const plain = await statement('August 2026');
    expect(plain.body.data.advice).toEqual([]);
    const listed = (await ada.get(`/file/application/${appId}`)).body.data as { _id: string; advice: unknown[] }[];
    expect(listed.find((f) => f._id === wrong.body.data._id)?.advice).toHaveLength(1);
    // Removed again: the later tests count what reaches the CRM.
    for (const f of [wrong, right, locked, plain])
      expect((await ada.delete(`/file/${f.body.data._id}`)).status).toBe(200);
  });

  it('numbers statements of one month uploaded at once, and gives back the name of a refused or removed one', async () => {
    const both = await Promise.all([statement('November 2026'), statement('November 2026')]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const names = both.map((r) => r.body.data.fileName as string);
    expect(names.sort()).toEqual(['november-2026-2.pdf', 'november-2026.pdf']);
    const refused = await statement('November 2026', new TextEncoder().encode('just some notes'), 'notes.pdf');
    expect(refused.status).toBe(400);
    const first = both.find((r) => r.body.data.fileName === 'november-2026.pdf')!.body.data._id as string;
    expect((await ada.delete(`/file/${first}`)).status).toBe(200);
    const again = await statement('November 2026');
    expect(again.body.data.fileName).toBe('november-2026.pdf');
    const third = await statement('November 2026');
    expect(third.body.data.fileName).toBe('november-2026-3.pdf');
    // Removed again: the submission below copies the statements of the first test only.
    const left = [...both.filter((r) => r.body.data._id !== first), again, third].map((r) => r.body.data._id as string);
    for (const id of left) expect((await ada.delete(`/file/${id}`)).status).toBe(200);
  });
});

describe('bank statements refused and kept', () => {
  it('refuses what is not a PDF by its bytes, an empty file, and anything past 37,000,000 bytes', async () => {
    const renamed = await statement('August 2026', new TextEncoder().encode('just some notes'), 'notes.pdf');
    expect(renamed.status).toBe(400);
    expect(renamed.body.data.message).toBe('Please upload only PDF files.');
    const empty = await statement('August 2026', new Uint8Array(0), 'empty.pdf');
    expect(empty.body.data.message).toBe('Please upload only PDF files.');
    const big = new Uint8Array(37_000_001);
    big.set(pdf());
    const tooBig = await statement('August 2026', big, 'huge.pdf');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.data.message).toBe('File size should be less than 35MB');
    const names = (await ada.get(`/file/application/${appId}`)).body.data.map((f: { fileName: string }) => f.fileName);
    expect(names).not.toContain('august-2026.pdf');
    // Sent to S3 while they were judged: refused, none is left there.
    const prefix = encodeURIComponent(`applications/${appId}/documents/`);
    const listed = await fetch(`${inject('s3Endpoint')}/portal-documents?list-type=2&prefix=${prefix}`);
    const xml = await listed.text();
    expect(xml).toContain('<ListBucketResult');
    expect(xml).not.toContain('august-2026');
  });

  it('stores every document encrypted at rest and as a PDF attachment', async () => {
    const uploads = s3.puts(`/portal-documents/applications/${appId}/documents/`);
    expect(uploads.length).toBeGreaterThanOrEqual(4);
    for (const put of uploads) {
      expect(put.headers['x-amz-server-side-encryption']).toBe('AES256');
      expect(put.headers['content-type']).toBe('application/pdf');
      expect(put.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.pdf"$/);
    }
    // The worker's signed-application PDF (EIN, birth dates) too.
    const application = s3.puts(`/portal-documents/applications/${appId}/signature/`);
    expect(application.length).toBeGreaterThanOrEqual(1);
    for (const put of application) expect(put.headers['x-amz-server-side-encryption']).toBe('AES256');
  });

  it('leaves no spooled upload on disk, accepted or refused', async () => {
    // A refused upload's spool is removed as its request ends, which may be a moment after its answer.
    const left = await until(
      async () => readdirSync(tmpdir()).filter((n) => n.startsWith(SPOOL_PREFIX)),
      (names) => names.length === 0,
    ).catch(() => readdirSync(tmpdir()).filter((n) => n.startsWith(SPOOL_PREFIX)));
    expect(left).toEqual([]);
  });

  it('answers another user’s application and files as not found', async () => {
    const res = await eve.upload(
      '/file/s3',
      { applicationId: appId, fileType: 'Bank Statement', monthLabel: 'October 2026' },
      { name: 's.pdf', type: 'application/pdf', bytes: pdf() },
    );
    expect(res.status).toBe(404);
    expect((await eve.get(`/file/application/${appId}`)).status).toBe(404);
    const fileId = (await ada.get(`/file/application/${appId}`)).body.data[0]._id;
    expect((await eve.delete(`/file/${fileId}`)).status).toBe(404);
  });
});

describe('bank statements submitted', () => {
  it('converts the lead once, submits the signed application once, and moves on to /offers', async () => {
    // Injected outages of the CRM and of Box: retries carry the conversion and the submission through.
    await fetch(`${slice.crm.url}/__admin/down`, { method: 'POST' });
    slice.esign.setDown(true);
    void holdFor(1500, 'the CRM outage lasts this long').then(() =>
      fetch(`${slice.crm.url}/__admin/up`, { method: 'POST' }),
    );
    void holdFor(2500, 'the Box outage lasts this long').then(() => slice.esign.setDown(false));
    const res = await ada.post(`/application/${appId}/submit-statements`);
    expect(res.status).toBe(200);
    expect(res.body.data.stage).toMatchObject({ pageName: 'DOCUMENTS', pageStep: 2, path: '/offers' });
    const opportunityId = res.body.data.sfOpportunityId;
    expect(opportunityId).toMatch(/^006/);
    const again = await ada.post(`/application/${appId}/submit-statements`);
    expect(again.body.data.sfOpportunityId).toBe(opportunityId);
    expect(allOfApplication(slice.crm.records('Opportunity'), appId)).toHaveLength(1);
    expect(slice.esign.files().filter((f) => f.name === 'signed-application.pdf')).toHaveLength(1);

    // The statements reach the opportunity in the background, one ContentVersion each.
    const versions = await until(
      () => slice.crm.records('ContentVersion').filter((v) => v.FirstPublishLocationId === opportunityId),
      (v) => v.length === 3,
    );
    expect(versions.map((v) => v.Title).sort()).toEqual(['october-2026', 'october-2026-2', 'september-2026']);
  });

  it('keeps the voided check for the final submission: the workflow is not told of it on upload', async () => {
    const told = () => documentSignals(slice.env.TEMPORAL_ADDRESS, slice.dataConverter, appId);
    const before = await told();
    const check = { name: 'check.pdf', type: 'application/pdf', bytes: pdf() };
    const upload = () => ada.upload('/file/s3', { applicationId: appId, fileType: 'Voided Check' }, check);
    expect((await upload()).body.data.fileName).toBe('voided-check.pdf');
    // Uploaded again: the second replaces the first on the opportunity (checked with the submission below).
    expect((await upload()).body.data.fileName).toBe('voided-check-2.pdf');
    expect(await told()).toBe(before);
  });
});

describe('offers and final submission', () => {
  it('prices offers through the offer service, as strings, and restores a previous choice', async () => {
    // Priced with the statements' submission; that pricing made stale, the page's load asks the workflow,
    // through an injected outage of the offer service: retried until it answers.
    await stalePricing(slice.env.MONGODB_URI, appId);
    const calls = slice.offers.calls();
    slice.offers.setDown(true);
    void holdFor(1500, 'the offer service outage lasts this long').then(() => slice.offers.setDown(false));
    const res = await ada.post('/offer', { applicationId: appId });
    expect(res.status).toBe(200);
    const { _id, offerOptions } = res.body.data;
    expect(offerOptions.map((o: { id: string }) => o.id)).toEqual(['std-6', 'std-9', 'std-12', 'loc']);
    expect(offerOptions[2]).toMatchObject({ offeredAmount: '180000.00', totalPayment: '219600.00' });
    expect(Object.values(offerOptions[0]).every((v) => typeof v === 'string')).toBe(true);
    expect(slice.offers.calls()).toBe(calls + 1);

    const chosen = await ada.patch(`/offer/${_id}`, { applicationId: appId, selectedId: 'std-12' });
    expect(chosen.body.data.offerType).toBe('standard');
    const again = await ada.post('/offer', { applicationId: appId });
    expect(again.body.data.offerOptions.find((o: { isSelected: string }) => o.isSelected === 'true').id).toBe('std-12');
    expect((await eve.patch(`/offer/${_id}`, { selectedId: 'loc' })).status).toBe(404);
    expect((await ada.patch(`/offer/${_id}`, { selectedId: 'made-up' })).status).toBe(400);
  });

  it('needs both documents uploaded or marked missing before the final submit', async () => {
    const res = await ada.post(`/application/${appId}/submit-application`, {
      voidedCheck: 'uploaded',
      driversLicense: 'uploaded',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe(
      "Please upload your voided check and driver's license, or mark each one you don't have",
    );
  });
});

describe('final submission', () => {
  it('submits: opportunity marked, offer emailed once, rep and scheduling link answered', async () => {
    const since = Date.now();
    const body = { voidedCheck: 'uploaded', driversLicense: 'notAvailable' };
    // Pressed twice at once (no Idempotency-Key, or a retry while the first is still at work): one submission.
    const [res, twin] = await Promise.all([
      ada.post(`/application/${appId}/submit-application`, body),
      ada.post(`/application/${appId}/submit-application`, body),
    ]);
    expect(res.status).toBe(200);
    expect(twin.body).toEqual(res.body);
    expect(res.body.data).toMatchObject({
      repName: 'Jordan Rivera',
      schedulingLink: 'https://calendly.com/jordan-rivera-funding/30min',
      stage: { pageName: 'DOCUMENTS', pageStep: 3, path: '/offers' },
    });
    const opp = ofApplication(slice.crm.records('Opportunity'), appId);
    expect(opp?.StageName).toBe('Application Submitted');
    // The last voided check went with the submission, on the opportunity before it was submitted.
    const copies = slice.crm.records('ContentVersion').filter((v) => v.FirstPublishLocationId === opp?.Id);
    expect(copies.map((v) => v.Title).filter((x) => String(x).startsWith('voided'))).toEqual(['voided-check-2']);
    expect((await ada.post(`/application/${appId}/submit-application`, body)).body.data.repName).toBe('Jordan Rivera');
    expect((await ada.get('/auth/user')).body.data.applications[0].applicationStatus).toBe('Submitted');

    type Mail = { subject: string; to: { address: string }[]; html: string; time: string };
    const mails = await until(
      async () =>
        ((await (await fetch(`${slice.maildevUrl}/api/email`)).json()) as Mail[]).filter(
          (m) =>
            m.to[0]?.address === 'files-ada@example.com' &&
            m.subject.startsWith('Your selected offer') &&
            Date.parse(m.time) >= since - 1000,
        ),
      (m) => m.length > 0,
    );
    // A second email would follow within moments.
    await holdFor(1500, 'no second offer email may arrive in this window');
    expect(
      ((await (await fetch(`${slice.maildevUrl}/api/email`)).json()) as Mail[]).filter(
        (m) => m.to[0]?.address === 'files-ada@example.com' && m.subject.startsWith('Your selected offer'),
      ),
    ).toHaveLength(1);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.html).toContain('$219,600');
    // Submitted and the booking view shown: the application's workflow has ended.
    const temporal = await workflowClient(slice.env.TEMPORAL_ADDRESS, slice.dataConverter);
    const handle = temporal.workflow.getHandle(applicationWorkflowId(appId));
    await handle.result();
    expect((await handle.describe()).status.name).toBe('COMPLETED');
    await temporal.connection.close();
    // The record's write lost after the run ended (the api stopped between the two): a repeat finds the run
    // ended, asks the workflow, and answers the same rep and stage.
    const mongo = await MongoClient.connect(slice.env.MONGODB_URI);
    await mongo
      .db()
      .collection('applications')
      .updateOne({ _id: new ObjectId(appId) }, { $unset: { applicationStatus: 1 } });
    const repeat = await ada.post(`/application/${appId}/submit-application`, body);
    await mongo.close();
    expect(repeat.status).toBe(200);
    expect(repeat.body.data).toEqual(res.body.data);
    await recordHistory(slice.env.TEMPORAL_ADDRESS, appId, 'application-one-owner.pb');
  });
});
