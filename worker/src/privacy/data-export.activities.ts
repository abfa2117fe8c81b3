import type { Readable } from 'node:stream';
import { Context, heartbeat } from '@temporalio/activity';
import { WorkflowNotFoundError } from '@temporalio/client';
import type { PayloadCodec } from '@temporalio/common';
import { ObjectId, type Db } from 'mongodb';
import { ZipFile } from 'yazl';
import type { BoxClient } from 'box-node-sdk';
import type { ApplicantLanguage } from '@portal/libs';
import type { PiiKeys } from '@portal/libs/dist/security/pii-keys';
import type { DataExportActivities } from '@portal/workflows';
import { sendOnce } from '../email/send-once';
import { smtpOf, type WorkerSmtpSettings } from '../email/smtp';
import { applicationPdfKey } from '../esign/esign.activities';
import { recordsOf } from '../records/records';
import { accountOf, answersOf, documentsOf, emailsOf } from './data-export-answers';
import { renderDataExportEmail } from './data-export-email';
import { signatureOf, signatureWords, signedPdfStream } from './data-export-signature';
import { stageHistory } from './data-export-stages';
import type { ExportStore } from './data-export-store';

export type DataExportSettings = { MAIL_FROM: string; PUBLIC_URL: string } & WorkerSmtpSettings;

/** A file name safe in a zip on every system: letters, digits, dots, hyphens. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 120) || 'document';

/** Operators' log line: the account's and applications' ids and sizes only, never personal data. */
const log = (what: string, fields: Record<string, unknown>) =>
  console.info(JSON.stringify({ event: `data-export.${what}`, ...fields }));

/** "Download my data": the archive built in the worker, its email, and its deletion once expired. */
export function createDataExportActivities(deps: {
  db: Db;
  store: ExportStore;
  /** Box, where Box Sign keeps the signed PDF. */
  box: () => BoxClient;
  pii: PiiKeys;
  codec: PayloadCodec;
  settings: DataExportSettings;
}): DataExportActivities {
  const records = recordsOf(deps.db);
  const s = deps.settings;

  /** Adds one application's part of the archive under `applications/<id>/`. */
  async function addApplication(zip: ZipFile, applicationId: ObjectId, language: ApplicantLanguage) {
    const id = applicationId.toHexString();
    const dir = `applications/${id}`;
    const [app, answers, documents, emails, stages] = await Promise.all([
      records.applications.findOne({ _id: applicationId }),
      answersOf(records, deps.pii, applicationId, language),
      documentsOf(records, applicationId),
      emailsOf(records, applicationId),
      // An application whose workflow never started has no stages yet; any other failure is retried.
      stageHistory(Context.current().client, deps.codec, id).catch((e: unknown) => {
        // fetchHistory passes Temporal's gRPC NOT_FOUND (code 5) through as it came.
        if (e instanceof WorkflowNotFoundError || (e as { code?: unknown }).code === 5) return [];
        throw e;
      }),
    ]);
    const business = await records.businesses.findOne(
      { _id: applicationId },
      { projection: { signRequestAttempt: 1 } },
    );
    const box = deps.box();
    const signature = await signatureOf(box, records, id, business?.signRequestAttempt);
    const pdf = business?.signRequestAttempt
      ? await deps.store.readIfThere(applicationPdfKey(id, business.signRequestAttempt))
      : undefined;
    const signedPath = `${dir}/signed-application.pdf`;
    const files = documents.map((d, i) => ({ ...d, path: `${dir}/documents/${i + 1}-${safeName(d.fileName)}` }));
    const json = {
      applicationId: id,
      status: app?.applicationStatus ?? '',
      ...answers,
      documents: files.map(({ key: _key, ...f }) => f),
      applicationPdf: pdf ? `${dir}/application.pdf` : null,
      signature: { status: signature.state, says: signatureWords(language, signature.state) },
      signedApplicationPdf: signature.signedFileId ? signedPath : null,
      emailsSent: emails,
      stages,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(json, null, 2)), `${dir}/answers.json`);
    // Each document opened only when the zip reaches it: one S3 read at a time.
    for (const f of files)
      zip.addReadStreamLazy(f.path, (cb) =>
        deps.store.read(f.key).then(
          (body) => cb(null, body),
          (e) => cb(e, undefined as never),
        ),
      );
    if (pdf) zip.addReadStream(pdf, `${dir}/application.pdf`);
    // Streamed from Box as the zip reaches it, never whole in memory.
    const signedFileId = signature.signedFileId;
    if (signedFileId)
      zip.addReadStreamLazy(signedPath, (cb) =>
        signedPdfStream(box, signedFileId).then(
          (body) => cb(null, body),
          (e) => cb(e, undefined as never),
        ),
      );
    return { documents: files.length, pdf: !!pdf, signature: signature.state };
  }

  /** The archive: account.json, then each application's part, streamed to S3 under `key`. */
  async function build(userId: string, exportId: string, key: string) {
    const user = await records.users.findOne({ _id: new ObjectId(userId) });
    if (!user) throw new Error('The account is gone');
    const language = accountOf(user).language;
    const applications = await records.applications.find({ userId: user._id }, { projection: { _id: 1 } }).toArray();
    const zip = new ZipFile();
    const account = { exportedAt: new Date().toISOString(), account: accountOf(user) };
    zip.addBuffer(Buffer.from(JSON.stringify(account, null, 2)), 'account.json');
    const parts = [];
    for (const a of applications) parts.push(await addApplication(zip, a._id, language));
    let bytes = 0;
    zip.outputStream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    zip.end();
    await deps.store.upload(key, zip.outputStream as Readable);
    log('built', { userId, exportId, applicationIds: applications.map((a) => a._id.toHexString()), bytes, parts });
    return { bytes };
  }

  return {
    async buildDataExport({ userId, exportId, key }) {
      // Alive while it reads and writes: a build whose worker stopped is retried after a minute (the
      // heartbeat's time-out), not after the attempt's ten.
      const beat = setInterval(() => heartbeat(), 10_000);
      try {
        return await build(userId, exportId, key);
      } finally {
        clearInterval(beat);
      }
    },

    async mailDataExport({ userId, exportId, expiresAt }) {
      // One email per export: a retry after the send (a worker stopped before its completion reached
      // Temporal) finds the mark and sends nothing more.
      if (await records.dataExportMails.findOne({ _id: exportId })) return;
      const user = await records.users.findOne({ _id: new ObjectId(userId) });
      if (!user?.email) return;
      const email = renderDataExportEmail({
        firstName: String(user.firstName ?? ''),
        pageUrl: `${s.PUBLIC_URL}/my-data?export=${exportId}`,
        expiresAt: new Date(expiresAt),
        language: user.language,
      });
      // A connection lost after the message went out counts as sent (email/send-once.ts).
      await sendOnce(smtpOf(s), { from: s.MAIL_FROM, to: String(user.email), ...email });
      await records.dataExportMails.insertOne({ _id: exportId, sentAt: new Date() }).catch(() => undefined);
      log('mailed', { userId, exportId });
    },

    async deleteDataExport({ key }) {
      await deps.store.remove(key);
      log('deleted', { key });
    },
  };
}
