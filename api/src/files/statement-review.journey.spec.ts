// A statement's review from the upload to the people who act on it, against the slice (real api, worker,
// Temporal, CRM stand-in): the applicant is asked in neutral words for the statement again, operators read
// the finding beside the workflow's progress, and the rep reads it on the statement's copy in the CRM.
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashReading } from '@portal/libs';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { startSlice } from '../../../tests/support/slice';
import { bankStatement, HONEST, resaved } from '../../../tests/support/statement-corpus';
import { until } from '../../../tests/support/until';
import { signedApplication } from './files.spec-setup';

let slice: Awaited<ReturnType<typeof startSlice>>;
let ada: ApiClient;
let appId: string;

beforeAll(async () => {
  slice = await startSlice();
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'review-ada', '10.14.0.1');
  appId = await signedApplication(ada);
});
afterAll(() => slice?.close());

const upload = (bytes: Uint8Array, name: string) =>
  ada.upload(
    '/file/s3',
    { applicationId: appId, fileType: 'Bank Statement', monthLabel: 'August 2026' },
    { name, type: 'application/pdf', bytes },
  );

/**
 * The bank's statement for August as a fetch stores it: entered in the application's file index first, as
 * every stored file is (application-files.ts), then its File row.
 */
async function storeFetched(mongo: MongoClient, cash: Extract<CashReading, { readable: true }>['cash']) {
  const bankFile = new ObjectId();
  await mongo
    .db()
    .collection<{ _id: string; fileIds: ObjectId[] }>('applicationfiles')
    .updateOne({ _id: appId }, { $addToSet: { fileIds: bankFile } });
  await mongo
    .db()
    .collection('files')
    .insertOne({
      _id: bankFile,
      applicationId: new ObjectId(appId),
      fileName: 'august-2026-3.pdf',
      filePath: 'not/stored',
      fileType: 'Bank Statement',
      monthLabel: 'August 2026',
      size: 1,
      advice: [],
      source: 'bank',
      cash: { readable: true, cash },
      review: { findings: [] },
      createdAt: new Date(),
    });
}

describe('a reviewed statement', () => {
  it('asks the applicant for it again, and shows the finding to operators and to the rep', async () => {
    const statement = HONEST['august-one-page']!;
    const honest = await bankStatement(statement);
    const converted = await resaved(honest, 'Smallpdf', new Date(statement.created.getTime() + 30 * 86_400_000));
    const kept = await upload(honest, 'august.pdf');
    const flagged = await upload(converted, 'august-copy.pdf');
    expect(kept.status).toBe(201);
    expect(kept.body.data.advice).toEqual([]);
    expect(flagged.status).toBe(201);
    expect(flagged.body.data.advice).toEqual([{ code: 'uploadAgain' }]);
    // The finding itself is for the lender's people: never in the applicant's answers.
    expect(JSON.stringify(flagged.body)).not.toMatch(/review|Smallpdf/i);
    expect(JSON.stringify((await ada.get(`/file/application/${appId}`)).body)).not.toMatch(/review|Smallpdf/i);

    const progress = await fetch(`${slice.baseUrl}/operations/applications/${appId}/progress`, {
      headers: { authorization: `Bearer ${slice.settings.api.OPERATOR_TOKEN}` },
    });
    expect(progress.status).toBe(200);
    expect((await progress.json()).data.statementReviews).toEqual([
      { fileName: 'august-2026.pdf', monthLabel: 'August 2026', review: 'consistent' },
      {
        fileName: 'august-2026-2.pdf',
        monthLabel: 'August 2026',
        review: expect.stringMatching(/^made or re-saved by Smallpdf; modified 2026-10-01, days after it was created$/),
      },
    ]);

    // The page names the statements it counted: others stored (one added or removed elsewhere) refuse it.
    const listed: { _id: string; fileType: string }[] = (await ada.get(`/file/application/${appId}`)).body.data;
    const seen = listed.filter((f) => f.fileType === 'Bank Statement').map((f) => f._id);
    const stale = await ada.post(`/application/${appId}/submit-statements`, { seen: seen.slice(1) });
    expect(stale.status).toBe(409);
    expect(stale.body.data.message).toBe(
      'Your statements changed on another device or tab. Please check them and press Proceed again.',
    );
    expect((await ada.post(`/application/${appId}/submit-statements`, { seen: ['x'] })).status).toBe(400);
    const submitted = await ada.post(`/application/${appId}/submit-statements`, { seen: [...seen].reverse() });
    expect(submitted.status).toBe(200);
    const versions = await until(
      () =>
        slice.crm
          .records('ContentVersion')
          .filter((v) => v.FirstPublishLocationId === submitted.body.data.sfOpportunityId),
      (v) => v.length === 2,
    );
    expect(Object.fromEntries(versions.map((v) => [v.Title, v.Description]))).toEqual({
      'august-2026': 'Bank Statement\nStatement review: consistent',
      'august-2026-2':
        'Bank Statement\nStatement review: made or re-saved by Smallpdf; modified 2026-10-01, days after it was created',
    });
  });

  it("shows operators where a statement's figures differ from the statement fetched from the bank", async () => {
    const mongo = await MongoClient.connect(slice.env.MONGODB_URI);
    try {
      const files = mongo.db().collection('files');
      const uploaded = await files.findOne({ applicationId: new ObjectId(appId), fileName: 'august-2026.pdf' });
      const cash = uploaded?.cash as Extract<CashReading, { readable: true }>;
      expect(cash.readable).toBe(true);
      // The bank's statement for August, as a fetch stores it, with a closing balance 100.00 lower.
      const days = cash.cash.days.map((d, i, all) => (i === all.length - 1 ? { ...d, balance: d.balance - 100 } : d));
      await storeFetched(mongo, { ...cash.cash, days });
      const closing = cash.cash.days.at(-1)!.balance;
      const progress = await fetch(`${slice.baseUrl}/operations/applications/${appId}/progress`, {
        headers: { authorization: `Bearer ${slice.settings.api.OPERATOR_TOKEN}` },
      });
      const lines = (await progress.json()).data.statementReviews as { fileName: string; review: string }[];
      expect(lines.find((l) => l.fileName === 'august-2026.pdf')?.review).toBe(
        `differs from the bank connection's figures for the period (closing ${closing.toFixed(2)}, bank ${(closing - 100).toFixed(2)})`,
      );
      // The bank's own statement is not held against itself.
      expect(lines.find((l) => l.fileName === 'august-2026-3.pdf')?.review).toBe('consistent');
    } finally {
      await mongo.close();
    }
  });
});
