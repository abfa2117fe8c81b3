import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { s3ClientOptions } from '@portal/libs';
import { dataExportKey } from '@portal/workflows';
import { signUpAndConfirm, TEST_PASSWORD, type ApiClient } from '../../../tests/support/api-client';
import { startFaultProxy, type FaultProxy } from '../../../tests/support/fault-proxy';
import { ownerAnswers, saveAnswers } from '../../../tests/support/journey';
import { mailsTo } from '../../../tests/support/maildev';
import { onePagePdf } from '../../../tests/support/pdf-fixtures';
import { startSlice } from '../../../tests/support/slice';
import { until } from '../../../tests/support/until';
import { signedApplication } from '../files/files.spec-setup';
import {
  applicantIn,
  declinedApplication,
  download,
  exportMail,
  frenchApplicant,
  unzip,
} from './data-export.spec-setup';

let slice: Awaited<ReturnType<typeof startSlice>>;
let s3: FaultProxy;
let ada: ApiClient;
let eve: ApiClient;
let adaApp: string;
let adaUser: string;
let exportId: string;

beforeAll(async () => {
  // A short life for the archive, so that its expiry and deletion are seen here.
  // S3 through the fault proxy, to fail an archive's upload and see the workflow build it again.
  s3 = await startFaultProxy(inject('s3Endpoint'), { name: 's3' });
  slice = await startSlice({ s3Endpoint: s3.url, apiEnv: { DATA_EXPORT_EXPIRY: '40s' } });
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'export-ada', '10.42.0.1');
  eve = await frenchApplicant(slice.baseUrl, slice.maildevUrl, 'export-eve', '10.42.0.2');
  adaApp = await signedApplication(ada);
  adaUser = (await ada.get('/auth/user')).body.data._id;
  const statement = await onePagePdf({ text: 'Statement period: October 1, 2026 - October 31, 2026' });
  const up = await ada.upload(
    '/file/s3',
    { applicationId: adaApp, fileType: 'Bank Statement', monthLabel: 'October 2026' },
    { name: 'statement.pdf', type: 'application/pdf', bytes: statement },
  );
  expect(up.status).toBe(201);
  const eveApp = (await eve.get('/auth/user')).body.data.applications[0]._id as string;
  await saveAnswers(eve, eveApp, [ownerAnswers('export-eve@example.com', { ssn: '234-56-7890' })]);
});

afterAll(async () => {
  await slice?.close();
  await s3?.close();
});

describe('Download my data', () => {
  it('refuses a wrong password and starts nothing', async () => {
    const res = await ada.post('/privacy/data-export', { password: 'Not-The-Password-1' });
    expect(res.status).toBe(401);
    expect(res.body.data.message).toBe('Incorrect username or password.');
    expect((await ada.get('/privacy/data-export')).body).toEqual({ state: 'none' });
  });

  it('refuses a request without the XSRF header, or with a body that is not a password', async () => {
    ada.xsrf = false;
    expect((await ada.post('/privacy/data-export', { password: TEST_PASSWORD })).status).toBe(403);
    ada.xsrf = true;
    expect((await ada.post('/privacy/data-export', { password: ['x'] })).status).toBe(400);
    expect((await ada.post('/privacy/data-export', { password: TEST_PASSWORD, extra: 1 })).status).toBe(400);
  });

  it('builds one archive per request in flight, and mails its link', async () => {
    const [first, second] = await Promise.all([
      ada.post('/privacy/data-export', { password: TEST_PASSWORD }),
      ada.post('/privacy/data-export', { password: TEST_PASSWORD }),
    ]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(first.body.exportId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.body.exportId).toBe(first.body.exportId);
    ({ exportId } = await exportMail(slice.maildevUrl, 'export-ada@example.com', 'Your data is ready to download'));
    expect(exportId).toBe(first.body.exportId);
    const again = await ada.post('/privacy/data-export', { password: TEST_PASSWORD });
    expect(again.body).toMatchObject({ state: 'ready', exportId });
  });

  it('downloads the archive: answers labelled, the SSN in full, documents, the PDF sent and signed, stages', async () => {
    const res = await download(slice.baseUrl, ada, exportId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = await unzip(res.bytes);
    const account = JSON.parse(files.get('account.json')!.toString());
    expect(account.account).toMatchObject({ email: 'export-ada@example.com', language: 'en' });
    const answers = JSON.parse(files.get(`applications/${adaApp}/answers.json`)!.toString());
    expect(answers.business.answers).toContainEqual({ label: 'Legal business name', value: 'Analytical Engines LLC' });
    expect(answers.business.answers).toContainEqual({ label: 'EIN / Tax ID', value: '12-3456789' });
    expect(answers.owners[0].answers).toContainEqual({ label: 'SSN', value: '123-45-6789' });
    expect(answers.owners[0].answers).toContainEqual({ label: 'Date of birth', value: '1980-12-10' });
    expect(answers.documents).toEqual([
      expect.objectContaining({ fileName: 'october-2026.pdf', fileType: 'Bank Statement', month: 'October 2026' }),
    ]);
    const statement = files.get(`applications/${adaApp}/documents/1-october-2026.pdf`);
    expect(statement?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(files.get(`applications/${adaApp}/application.pdf`)?.subarray(0, 5).toString()).toBe('%PDF-');
    // The signed PDF is Box Sign's own copy, streamed from the stand-in as Box serves it.
    const signed = slice.esign.requests().find((r) => r.external_id?.startsWith(`${adaApp}:`) && r.signedFileId);
    const signedBytes = slice.esign.fileBytes(signed!.signedFileId!);
    expect(signedBytes?.length).toBeGreaterThan(0);
    expect(files.get(`applications/${adaApp}/signed-application.pdf`)?.equals(signedBytes!)).toBe(true);
    // Box's signed copy, not ours of what was sent.
    expect(signedBytes!.equals(files.get(`applications/${adaApp}/application.pdf`)!)).toBe(false);
    expect(answers.signature).toEqual({
      status: 'signed',
      says: 'Signed: the signed PDF is signed-application.pdf',
    });
    expect(answers.signedApplicationPdf).toBe(`applications/${adaApp}/signed-application.pdf`);
    const stages = answers.stages.filter((s: { event: string }) => s.event === 'moveStage');
    expect(stages.length).toBeGreaterThanOrEqual(4);
    expect(stages.at(-1)).toMatchObject({ stage: 'SIGNATURE' });
    // On from the signature the workflow moved the journey itself, once signed: that move is listed too.
    expect(answers.stages.filter((s: { event: string }) => s.event === 'signed')).toEqual([
      expect.objectContaining({ stage: 'DOCUMENTS', step: 1 }),
    ]);
    for (const s of answers.stages) expect(Date.parse(s.at)).not.toBeNaN();
    // No password hash, no S3 key in what the applicant reads.
    expect(JSON.stringify([account, answers])).not.toMatch(
      /passwordHash|\$argon2|applications\/[0-9a-f]{24}\/documents\/[0-9a-f]{24}/,
    );
  });
});

describe('Download my data: who gets it, and for how long', () => {
  it("answers 404 to another account for this archive's link", async () => {
    const res = await download(slice.baseUrl, eve, exportId);
    expect(res.status).toBe(404);
    expect((await eve.get('/privacy/data-export')).body).toEqual({ state: 'none' });
  });

  it('writes a French account its archive and email in French, once, after a failed upload is retried', async () => {
    // S3 refuses the archive's upload through the SDK's own retries: the activity fails, and the workflow
    // tries it again (a worker stopped mid-build is retried the same way, after the heartbeat's time-out).
    s3.inject({ method: 'PUT', path: /\/exports\// }, { kind: 'status', status: 503 }, 4);
    const res = await eve.post('/privacy/data-export', { password: TEST_PASSWORD });
    expect(res.status).toBe(202);
    const { mail, exportId: id } = await exportMail(
      slice.maildevUrl,
      'export-eve@example.com',
      'Vos données sont prêtes à télécharger',
    );
    expect(mail.text).toContain('Télécharger mes données');
    expect(s3.armed()).toBe(0);
    const mails = await mailsTo(slice.maildevUrl, 'export-eve@example.com');
    expect(mails.filter((m) => m.subject === mail.subject)).toHaveLength(1);
    const files = await unzip((await download(slice.baseUrl, eve, id)).bytes);
    const [answers] = [...files]
      .filter(([name]) => name.endsWith('answers.json'))
      .map(([, b]) => JSON.parse(b.toString()));
    expect(answers.business.title).toBe('Entreprise');
    expect(answers.business.answers).toContainEqual({ label: 'Dénomination sociale', value: 'Analytical Engines LLC' });
    expect(answers.owners[0].answers).toContainEqual({ label: 'SSN', value: '234-56-7890' });
    // Never sent for signature: no signed PDF, and the archive says why, in French.
    expect([...files.keys()].filter((name) => name.endsWith('signed-application.pdf'))).toEqual([]);
    expect(answers.signedApplicationPdf).toBeNull();
    expect(answers.signature).toEqual({
      status: 'none',
      says: 'Jamais envoyée pour signature : aucun PDF signé',
    });
  });

  it('says, in Spanish, that a declined signature left no signed PDF', async () => {
    const zoe = await applicantIn('es-US', slice.baseUrl, slice.maildevUrl, 'export-zoe', '10.42.0.3');
    const zoeApp = await declinedApplication(zoe);
    expect((await zoe.post('/privacy/data-export', { password: TEST_PASSWORD })).status).toBe(202);
    const { exportId: id } = await exportMail(
      slice.maildevUrl,
      'export-zoe@example.com',
      'Sus datos están listos para descargar',
    );
    const files = await unzip((await download(slice.baseUrl, zoe, id)).bytes);
    const answers = JSON.parse(files.get(`applications/${zoeApp}/answers.json`)!.toString());
    expect(files.get(`applications/${zoeApp}/application.pdf`)?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(files.has(`applications/${zoeApp}/signed-application.pdf`)).toBe(false);
    expect(answers.signedApplicationPdf).toBeNull();
    expect(answers.signature).toEqual({ status: 'declined', says: 'Rechazada: no hay PDF firmado' });
  });

  it('expires: the link answers 404 and the archive is deleted from S3', { timeout: 120_000 }, async () => {
    await until(
      async () => (await download(slice.baseUrl, ada, exportId)).status,
      (s) => s === 404,
      { ms: 90_000, what: 'the link to expire' },
    );
    const s3 = new S3Client(s3ClientOptions(slice.settings.api));
    const head = () =>
      s3.send(new HeadObjectCommand({ Bucket: 'portal-documents', Key: dataExportKey(adaUser, exportId) })).then(
        () => 'there',
        () => 'gone',
      );
    await until(head, (v) => v === 'gone', { ms: 30_000, what: 'the archive to be deleted' });
    s3.destroy();
    expect((await ada.get('/privacy/data-export')).body).toEqual({ state: 'none' });
  });
});
