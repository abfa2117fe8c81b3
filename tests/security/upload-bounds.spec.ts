// One applicant stored 13 bank statements for any month ('March 2000') while still at the
// financial step. Statements are taken only at the documents stage, for recent months, and each document
// slot holds a bounded number of files.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILES_PER_SLOT } from '@portal/libs';
import { onePagePdf } from '../support/pdf-fixtures';
import { atDocumentsStage, endOfFileChecks, signedInApplicant, tally } from './support';

endOfFileChecks(__filename);

let a: Awaited<ReturnType<typeof signedInApplicant>>;
let pdf: Uint8Array;

beforeAll(async () => {
  a = await signedInApplicant('sec-upload-bounds');
  pdf = await onePagePdf();
});

/** A statement for `monthLabel`: counted as an invalid value accepted when `hostile` and answered 2xx. */
async function statement(monthLabel: string, hostile = true) {
  const res = await a.client.upload(
    '/file/s3',
    { applicationId: a.applicationId, fileType: 'Bank Statement', monthLabel },
    { name: 'statement.pdf', type: 'application/pdf', bytes: pdf },
  );
  if (hostile && res.status < 300) tally.invalidAccepted++;
  return res;
}

/** A month the statements page asks for whatever the date: the last full month. */
const lastMonth = () => {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.toLocaleString('en-US', { month: 'long' })} ${d.getFullYear()}`;
};

describe('uploads bounded per slot and only at the stage that asks for them', () => {
  const check = () =>
    a.client.upload(
      '/file/s3',
      { applicationId: a.applicationId, fileType: 'Voided Check' },
      { name: 'check.pdf', type: 'application/pdf', bytes: pdf },
    );
  const NOT_YET = 'This document is not asked for yet at this step of your application.';

  it('refuses a statement or a voided check while the journey is still at the financial step', async () => {
    for (const res of [await statement(lastMonth()), await check()]) {
      if (res.status < 300) tally.invalidAccepted++;
      expect(res.status).toBe(400);
      expect(res.body.data.message).toBe(NOT_YET);
    }
    expect((await a.client.get(`/file/application/${a.applicationId}`)).body.data).toEqual([]);
  });

  it('at the statements step: no voided check yet; a month long past or to come, and a sixth file for one month, refused', async () => {
    await atDocumentsStage(a.applicationId, 1);
    const early = await check();
    if (early.status < 300) tally.invalidAccepted++;
    expect(early.status).toBe(400);
    expect(early.body.data.message).toBe(NOT_YET);
    for (const month of ['March 2000', `January ${new Date().getFullYear() + 2}`]) {
      const res = await statement(month);
      expect(res.status).toBe(400);
      expect(res.body.data.message).toBe('Please upload statements only for the recent months this page asks for.');
    }
    const month = lastMonth();
    const kept: string[] = [];
    for (let i = 0; i < MAX_FILES_PER_SLOT; i++) {
      const res = await statement(month, false);
      expect(res.status).toBe(201);
      kept.push(res.body.data._id as string);
    }
    const over = await statement(month);
    expect(over.status).toBe(400);
    expect(over.body.data.message).toBe(
      'You have uploaded as many files as this document takes. Please remove one to add another.',
    );
    // A file removed frees its place.
    expect((await a.client.delete(`/file/${kept[0]}`)).status).toBe(200);
    expect((await statement(month, false)).status).toBe(201);
    const listed = (await a.client.get(`/file/application/${a.applicationId}`)).body.data as unknown[];
    expect(listed).toHaveLength(MAX_FILES_PER_SLOT);
  });
});
