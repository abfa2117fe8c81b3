// Document copies and the lead conversion with the real jsforce, S3 client and MongoDB driver, so
// their quirks show here rather than in production.
import type { Connection } from 'jsforce';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { COMMON_SETTINGS, loadEnv, type CashReading, type FileRecord, type StatementReview } from '@portal/libs';
import { startCrmStandin, startEsignStandin, type CrmStandin } from '../../../sandbox/src';
import { connectCrm } from '../crm/crm.connection';
import { DEFAULT_CRM_ORG } from '../crm/crm.org';
import { boxClient } from '../esign/box.client';
import { createDocumentActivities } from './documents.activities';
import { documentStore } from './s3';
import { recordsOf } from '../records/records';

delete process.env.HTTP_PROXY;
delete process.env.HTTPS_PROXY;

let crm: CrmStandin;
let esign: Awaited<ReturnType<typeof startEsignStandin>>;
let conn: Connection;
let mongo: MongoClient;
let mongoUri: string;
let store: ReturnType<typeof documentStore>;
let activities: ReturnType<typeof createDocumentActivities>;

beforeAll(async () => {
  crm = await startCrmStandin({ port: 0, clientId: 'doc-spec', clientSecret: 'doc-secret' });
  esign = await startEsignStandin({ port: 0, clientId: 'doc-box', clientSecret: 'doc-box-secret' });
  conn = await connectCrm({
    SF_LOGIN_URL: crm.url,
    SF_CLIENT_ID: 'doc-spec',
    SF_CLIENT_SECRET: 'doc-secret',
    SF_API_VERSION: '59.0',
  });
  mongoUri = `${inject('mongoBaseUri')}/portal-docs-${Date.now()}`;
  mongo = await MongoClient.connect(mongoUri);
  store = documentStore({
    ...loadEnv(COMMON_SETTINGS, { S3_ENDPOINT: inject('s3Endpoint') }),
  });
  const box = boxClient(
    {
      BOX_API_URL: esign.url,
      BOX_UPLOAD_URL: `${esign.url}/api`,
      BOX_CLIENT_ID: 'doc-box',
      BOX_CLIENT_SECRET: 'doc-box-secret',
      BOX_ENTERPRISE_ID: '1',
    },
    { maxAttempts: 2, retryBaseInterval: 0.01 },
  );
  activities = createDocumentActivities({
    db: mongo.db(),
    crm: async () => conn,
    box: () => box,
    store,
    parentFolderId: '0',
  });
});
afterAll(async () => {
  store?.close();
  await mongo?.close();
  await crm?.close();
  await esign?.close();
});

async function convertedOpportunity() {
  const lead = await conn.sobject('Lead').create({ LastName: 'Doc', Company: 'Docs Ltd' });
  return (
    await activities.convertCrmLead({ leadId: lead.id!, ownerId: '', applicationId: new ObjectId().toHexString() })
  ).opportunityId;
}

const PDF = Buffer.from('%PDF-1.4');
/** The REST calls' prefix in the CRM stand-in's count by route. */
const API = '/services/data/vXX.X';
/** The copies an opportunity has, in the order they were made. */
const copiesOn = (opportunityId: string) =>
  crm.records('ContentVersion').filter((r) => r.FirstPublishLocationId === opportunityId);
/** An error the CRM stand-in answers the next matching call with. */
const failNext = (error: Record<string, string>) =>
  fetch(`${crm.url}/__admin/fail-next`, { method: 'POST', body: JSON.stringify(error) });
const pathsOn = (opportunityId: string) => copiesOn(opportunityId).map((r) => String(r.PathOnClient));

async function stored(
  bytes: Buffer,
  name = 'statement.pdf',
  review?: StatementReview,
  row: Partial<FileRecord<ObjectId>> = {},
) {
  const fileId = new ObjectId();
  const records = recordsOf(mongo.db());
  // Entered in its application's file index first, as the api enters every file it stores.
  if (row.applicationId)
    await records.applicationFiles.updateOne(
      { _id: String(row.applicationId) },
      { $addToSet: { fileIds: fileId } },
      { upsert: true },
    );
  await records.files.insertOne({ _id: fileId, ...(review ? { review } : {}), ...row });
  const s3Key = `spec/${fileId.toHexString()}/${name}`;
  await store.put(s3Key, bytes, 'application/pdf');
  return { fileId: fileId.toHexString(), s3Key, fileName: name, fileType: 'bankStatement' };
}

/** A readable statement's figures for two days of a month (August unless told), closing at `closing`. */
const cash = (closing: number, month = '08'): CashReading => ({
  readable: true,
  cash: {
    period: { start: `2026-${month}-01`, end: `2026-${month}-02` },
    days: [
      { date: `2026-${month}-01`, deposit: 500, balance: 1_500 },
      { date: `2026-${month}-02`, deposit: 0, balance: closing },
    ],
  },
});

describe('uploadContentVersions', () => {
  it('sends the file as multipart, so a file over the JSON blob limit reaches the opportunity', async () => {
    crm.configure({ jsonBlobLimit: 64 * 1024 });
    const opportunityId = await convertedOpportunity();
    const bytes = Buffer.alloc(100 * 1024, 1);
    await activities.uploadContentVersions({ opportunityId, documents: [await stored(bytes)] });
    expect(copiesOn(opportunityId)[0]).toMatchObject({ ContentSize: bytes.length });
  });

  it("puts a statement's review in the copy's Description for the rep, within the org's 1000 characters", async () => {
    const opportunityId = await convertedOpportunity();
    const review: StatementReview = {
      findings: [
        { code: 'editingTool', detail: 'iLovePDF' },
        { code: 'runningBalance', page: 2, detail: '08/04 rent 2,000.00 9,400.00' },
        ...Array.from({ length: 20 }, () => ({ code: 'otherFont' as const, page: 3, detail: 'x'.repeat(80) })),
      ],
    };
    await activities.uploadContentVersions({
      opportunityId,
      documents: [await stored(PDF, 'a.pdf', review)],
    });
    await activities.uploadContentVersions({
      opportunityId,
      documents: [await stored(PDF, 'b.pdf', { findings: [] })],
    });
    const versions = copiesOn(opportunityId);
    const flagged = String(versions.find((v) => String(v.PathOnClient).endsWith('/a.pdf'))?.Description);
    expect(flagged).toMatch(
      /^bankStatement\nStatement review: made or re-saved by iLovePDF; p\.2: a running balance does not follow \(08\/04/,
    );
    expect(flagged.length).toBeLessThanOrEqual(1000);
    expect(versions.find((v) => String(v.PathOnClient).endsWith('/b.pdf'))?.Description).toBe(
      'bankStatement\nStatement review: consistent',
    );
  });

  it("adds where an uploaded statement's figures differ from the one fetched from the bank for its month", async () => {
    const opportunityId = await convertedOpportunity();
    const applicationId = new ObjectId();
    const month = { applicationId, monthLabel: 'August 2026' };
    await stored(PDF, 'bank.pdf', { findings: [] }, { ...month, source: 'bank', cash: cash(1_200) });
    const uploaded = { ...month, cash: cash(9_200) };
    await activities.uploadContentVersions({
      opportunityId,
      documents: [await stored(PDF, 'upload.pdf', { findings: [] }, uploaded)],
    });
    const version = crm.records('ContentVersion').find((r) => String(r.PathOnClient).endsWith('/upload.pdf'));
    expect(version?.Description).toBe(
      "bankStatement\nStatement review: differs from the bank connection's figures for the period (closing 9200.00, bank 1200.00)",
    );
  });

  it("compares each statement of one call with the bank's for its month, reading the application's files once", async () => {
    const opportunityId = await convertedOpportunity();
    const applicationId = new ObjectId();
    const months = [
      { monthLabel: 'August 2026', month: '08' },
      { monthLabel: 'September 2026', month: '09' },
    ];
    const uploads = [];
    for (const { monthLabel, month } of months) {
      const row = { applicationId, monthLabel };
      await stored(PDF, 'bank.pdf', { findings: [] }, { ...row, source: 'bank', cash: cash(1_200, month) });
      uploads.push(await stored(PDF, `${month}.pdf`, { findings: [] }, { ...row, cash: cash(9_200, month) }));
    }
    // The reads of this call counted on a client of its own, over the same database.
    const watched = new MongoClient(mongoUri, { monitorCommands: true });
    const reads: string[] = [];
    watched.on('commandStarted', (e) => e.commandName === 'find' && reads.push(String(e.command.find)));
    try {
      await createDocumentActivities({
        db: watched.db(),
        crm: async () => conn,
        box: () => {
          throw new Error('unused');
        },
        store,
        parentFolderId: '0',
      }).uploadContentVersions({ opportunityId, documents: uploads });
    } finally {
      await watched.close();
    }
    expect(copiesOn(opportunityId).map((r) => r.Description)).toEqual(
      uploads.map(
        () =>
          "bankStatement\nStatement review: differs from the bank connection's figures for the period (closing 9200.00, bank 1200.00)",
      ),
    );
    // Each document's own record, then the index once and its four files once: not the index and every file again per document.
    expect(reads.filter((c) => c === 'applicationfiles')).toHaveLength(1);
    expect(reads.filter((c) => c === 'files')).toHaveLength(uploads.length + 4);
  });

  it('answers a refused document with its code and copies the next, all in one call', async () => {
    const opportunityId = await convertedOpportunity();
    await failNext({ errorCode: 'STORAGE_LIMIT_EXCEEDED', method: 'POST', path: 'ContentVersion' });
    const refusedOne = await stored(PDF, 'refused.pdf');
    const next = await stored(PDF, 'next.pdf');
    const answer = await activities.uploadContentVersions({ opportunityId, documents: [refusedOne, next] });
    expect(answer).toEqual({ refused: [{ fileId: refusedOne.fileId, code: 'STORAGE_LIMIT_EXCEEDED' }] });
    expect(pathsOn(opportunityId)).toEqual([`${next.fileId}/next.pdf`]);
    // A retry of the whole call (after an outage) copies what is missing and never a file twice.
    await activities.uploadContentVersions({ opportunityId, documents: [refusedOne, next] });
    expect(pathsOn(opportunityId).sort()).toEqual(
      [`${next.fileId}/next.pdf`, `${refusedOne.fileId}/refused.pdf`].sort(),
    );
  });
});

describe('uploadContentVersions: the calls of a round', () => {
  const calls = () =>
    [`GET ${API}/query (FROM ContentVersion)`, `POST ${API}/composite/sobjects`].map((r) => crm.calls().byRoute[r]);

  it("looks for a round's copies in a query per ten documents, copies the rest in one request; a refused look-up refuses the round", async () => {
    const opportunityId = await convertedOpportunity();
    const documents = await Promise.all(Array.from({ length: 12 }, (_, i) => stored(PDF, `page-${i}.pdf`)));
    await activities.uploadContentVersions({ opportunityId, documents: documents.slice(0, 3) });
    const [queries, uploads] = calls();
    await activities.uploadContentVersions({ opportunityId, documents });
    expect(calls()).toEqual([queries! + 2, uploads! + 1]);
    expect(pathsOn(opportunityId).sort()).toEqual(documents.map((d) => `${d.fileId}/${d.fileName}`).sort());

    const later = [await stored(PDF, 'a.pdf'), await stored(PDF, 'b.pdf')];
    await failNext({ errorCode: 'INVALID_QUERY_FILTER_OPERATOR', method: 'GET', path: 'query' });
    expect(await activities.uploadContentVersions({ opportunityId, documents: later })).toEqual({
      refused: later.map((d) => ({ fileId: d.fileId, code: 'INVALID_QUERY_FILTER_OPERATOR' })),
    });
    expect(copiesOn(opportunityId)).toHaveLength(documents.length);
  });
});

describe('convertCrmLead', () => {
  it('converts with the configured status, and stops at once when the org has no such status', async () => {
    const lead = await conn.sobject('Lead').create({ LastName: 'Conv', Company: 'C' });
    const custom = createDocumentActivities({
      db: mongo.db(),
      crm: async () => conn,
      box: () => {
        throw new Error('unused');
      },
      store,
      parentFolderId: '0',
      org: { ...DEFAULT_CRM_ORG, convertedStatus: 'Converted' },
    });
    const e = await custom
      .convertCrmLead({ leadId: lead.id!, ownerId: '', applicationId: new ObjectId().toHexString() })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({
      type: 'CrmRejectedError',
      nonRetryable: true,
      message: 'Lead conversion refused: INVALID_STATUS',
    });
    crm.configure({ convertedStatuses: ['Converted'] });
    expect(
      (await custom.convertCrmLead({ leadId: lead.id!, ownerId: '', applicationId: new ObjectId().toHexString() }))
        .opportunityId,
    ).toMatch(/^006/);
    crm.configure({ convertedStatuses: ['Closed - Converted'] });
  });

  it('stops at once on a lead the rep deleted (the read before converting is classified too)', async () => {
    const lead = await conn.sobject('Lead').create({ LastName: 'Del', Company: 'C' });
    await conn.sobject('Lead').destroy(lead.id!);
    const e = await activities
      .convertCrmLead({ leadId: lead.id!, ownerId: '', applicationId: new ObjectId().toHexString() })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({
      type: 'CrmRejectedError',
      nonRetryable: true,
      message: 'Lead conversion refused: NOT_FOUND',
    });
  });
});
