// Once the application is submitted (the documents stage's last step), the lender has its documents: an
// upload from a tab left open on /bank-statements or /offers is refused with its own words, a statement or
// a last document alike, where the same upload was taken a step before.
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES, FILE_TYPES } from '@portal/libs';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { onePagePdf } from '../../../tests/support/pdf-fixtures';
import { startSlice } from '../../../tests/support/slice';

let slice: Awaited<ReturnType<typeof startSlice>>;
let ada: ApiClient;
let appId: string;
let bytes: Uint8Array;

/** A month the statements page asks for whatever the date: the last full month. */
const lastMonth = () => {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.toLocaleString('en-US', { month: 'long' })} ${d.getFullYear()}`;
};
const upload = (fileType: string, monthLabel?: string) =>
  ada.upload(
    '/file/s3',
    { applicationId: appId, fileType, ...(monthLabel ? { monthLabel } : {}) },
    { name: 'document.pdf', type: 'application/pdf', bytes },
  );

/**
 * The saved stage (and, when `submitted`, the application's status) set directly, as the journey would have
 * left them: the steps themselves are tested elsewhere. The last step holds the final documents and then
 * the submitted application alike.
 */
async function atDocuments(pageStep: number, submitted = false) {
  const mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  try {
    const path = pageStep === 1 ? '/bank-statements' : '/offers';
    const db = mongo.db();
    await db
      .collection('stages')
      .updateOne({ _id: new ObjectId(appId) }, { $set: { pageName: 'DOCUMENTS', pageStep, path } });
    if (submitted)
      await db
        .collection('applications')
        .updateOne({ _id: new ObjectId(appId) }, { $set: { applicationStatus: 'Submitted' } });
  } finally {
    await mongo.close();
  }
}

beforeAll(async () => {
  bytes = await onePagePdf();
  slice = await startSlice();
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'submitted-ada', '10.7.2.1');
  appId = (await ada.get('/auth/user')).body.data.applications[0]._id;
});

afterAll(async () => {
  await slice?.close();
});

describe('uploads after the application is submitted', () => {
  it('takes a statement and a last document before, and refuses both once submitted', async () => {
    await atDocuments(2);
    expect((await upload(FILE_TYPES.bankStatement, lastMonth())).status).toBe(201);
    await atDocuments(3);
    expect((await upload(FILE_TYPES.voidedCheck)).status).toBe(201);
    await atDocuments(3, true);
    for (const late of [await upload(FILE_TYPES.bankStatement, lastMonth()), await upload(FILE_TYPES.driversLicense)]) {
      expect(late.status).toBe(400);
      expect(late.body.data.message).toBe(FILE_MESSAGES.applicationSubmitted);
    }
  });
});
