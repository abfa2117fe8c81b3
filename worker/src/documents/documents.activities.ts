import type { BoxClient } from 'box-node-sdk';
import type { Connection } from 'jsforce';
import { ObjectId, type Db } from 'mongodb';
import { reviewSummary, withBankCheck, type FileRecord, type StatementReview } from '@portal/libs';
import type { DocumentActivities, StoredDocument } from '@portal/workflows';
import { soqlQuote } from '../crm/crm.activities';
import { insertContentVersions, type NewVersion, type VersionResult } from '../crm/content-version';
import { classifyCrmError, crmRejection, isPermanent, readableResult, soapErrors } from '../crm/crm.errors';
import { conversionOwner, DEFAULT_CRM_ORG, isUserId, type CrmOrg } from '../crm/crm.org';
import { applicationFolderName, folderNamed, uploadPdfOnce } from '../esign/box.client';
import { downloadWhenReady } from '../esign/box.errors';
import { CrmRejectedError } from '../errors';
import { throwIfSuperseded } from '../superseded';
import type { DocumentStore } from './s3';
import { COPIES_AT_ONCE, gate } from './copy-gate';
import { recordsOf } from '../records/records';
import { applicationIds } from '../records/application-ids';

export function createDocumentActivities(deps: {
  db: Db;
  crm: () => Promise<Connection>;
  box: () => BoxClient;
  store: DocumentStore;
  parentFolderId: string;
  org?: CrmOrg;
}): DocumentActivities {
  const org = deps.org ?? DEFAULT_CRM_ORG;
  const records = recordsOf(deps.db);
  const ids = applicationIds(deps.db);
  const copying = gate(COPIES_AT_ONCE);
  /**
   * The application's statements fetched from the bank with readable figures, read once per call: through
   * its file index, each file by `_id` (FerretDB serves no other read from an index). A call copies all the
   * statements submitted together, and each used to read the index and every file again.
   */
  const bankStatementsOnce = () => {
    const read = new Map<string, Promise<Partial<FileRecord<ObjectId>>[]>>();
    return (applicationId: ObjectId) => {
      let pending = read.get(String(applicationId));
      if (!pending) {
        pending = (async () => {
          const list = await records.applicationFiles.findOne({ _id: String(applicationId) });
          const files = await Promise.all(
            (list?.fileIds ?? []).map((_id) =>
              records.files.findOne({ _id }, { projection: { applicationId: 1, monthLabel: 1, source: 1, cash: 1 } }),
            ),
          );
          return files.filter(
            (f): f is NonNullable<typeof f> =>
              !!f?.applicationId?.equals(applicationId) && f.source === 'bank' && !!f.cash?.readable,
          );
        })();
        read.set(String(applicationId), pending);
      }
      return pending;
    };
  };
  type BankStatements = ReturnType<typeof bankStatementsOnce>;
  /** An uploaded statement's review, with the bank connection's figures for its month when they are stored. */
  const reviewWithBank = async (
    file: Partial<FileRecord<ObjectId>>,
    bankStatements: BankStatements,
  ): Promise<StatementReview | undefined> => {
    if (!file.review || file.source === 'bank' || !file.monthLabel || !file.applicationId) return file.review;
    const bank = (await bankStatements(file.applicationId)).find((f) => f.monthLabel === file.monthLabel);
    return withBankCheck(file.review, file.cash, bank?.cash);
  };
  /**
   * The documents of a round the opportunity already has (an earlier try's copies), by path, in one query
   * per ten documents (each query is one API call of the org's daily allowance, and a path is up to 500
   * characters of the URL).
   */
  async function copiedAlready(conn: Connection, opportunityId: string, paths: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < paths.length; i += LOOKUPS_PER_QUERY) {
      const some = paths.slice(i, i + LOOKUPS_PER_QUERY).map(soqlQuote);
      try {
        const answer = await conn.query<{ PathOnClient: string }>(
          `SELECT PathOnClient FROM ContentVersion WHERE FirstPublishLocationId = ${soqlQuote(opportunityId)} AND PathOnClient IN (${some.join(', ')})`,
        );
        for (const r of answer.records) found.add(r.PathOnClient);
      } catch (e) {
        classifyCrmError(e, 'Document lookup refused');
      }
    }
    return found;
  }
  /** A document's copy as it goes to the CRM; none when the applicant has removed its file. */
  async function versionOf(
    opportunityId: string,
    document: StoredDocument,
    bankStatements: BankStatements,
  ): Promise<NewVersion | undefined> {
    // The applicant may have removed it before the opportunity existed: then it never goes to the CRM.
    const file = await records.files.findOne({ _id: new ObjectId(document.fileId) });
    if (!file) return undefined;
    return {
      fields: {
        Title: document.fileName.replace(/\.pdf$/i, ''),
        PathOnClient: pathOf(document),
        FirstPublishLocationId: opportunityId,
        Description: documentDescription(document.fileType, await reviewWithBank(file, bankStatements)),
      },
      bytes: Buffer.from(await deps.store.get(document.s3Key)),
      filename: document.fileName,
    };
  }

  async function copyDocuments(opportunityId: string, documents: StoredDocument[]) {
    const refused: { fileId: string; code: string }[] = [];
    const bankStatements = bankStatementsOnce();
    const conn = await deps.crm();
    let copied: Set<string>;
    try {
      copied = await copiedAlready(conn, opportunityId, documents.map(pathOf));
    } catch (e) {
      if (!(e instanceof CrmRejectedError)) throw e;
      return { refused: documents.map((d) => ({ fileId: d.fileId, code: e.code })) };
    }
    let batch: Copy[] = [];
    let bytes = 0;
    for (const document of documents) {
      if (copied.has(pathOf(document))) continue;
      const version = await versionOf(opportunityId, document, bankStatements);
      if (!version) continue;
      if (batch.length && (bytes + version.bytes.length > BYTES_PER_REQUEST || batch.length === RECORDS_PER_REQUEST)) {
        refused.push(...(await copyTogether(conn, batch)));
        batch = [];
        bytes = 0;
      }
      batch.push({ document, version });
      bytes += version.bytes.length;
    }
    if (batch.length) refused.push(...(await copyTogether(conn, batch)));
    return { refused };
  }

  return {
    async convertCrmLead({ leadId, ownerId, applicationId }) {
      const converted = await convertLead(await deps.crm(), org, leadId, ownerId);
      // A failed write fails the call (RecordWriteError); the retry finds the lead converted, and its opportunity.
      await ids.opportunity({ applicationId, ...converted });
      return converted;
    },

    async submitSignedApplication({ applicationId, signedFileId }) {
      const box = deps.box();
      const appFolder = await folderNamed(box, applicationFolderName(applicationId), deps.parentFolderId);
      const submission = await folderNamed(box, 'submission', appFolder);
      const bytes = await downloadWhenReady(box, signedFileId);
      return { fileId: await uploadPdfOnce(box, submission, 'signed-application.pdf', bytes) };
    },

    /**
     * The documents waiting, in one call (one activity task for all the statements submitted together, one
     * local activity for the final submission's) and in one request to the CRM up to 40 MB of files, at most
     * COPIES_AT_ONCE calls at once in this worker. A document the CRM refuses is answered with its code and
     * the others go on; an outage fails the call, and its retry skips what an earlier try copied.
     */
    uploadContentVersions: ({ opportunityId, documents }) => copying(() => copyDocuments(opportunityId, documents)),
  };
}

type Copy = { document: StoredDocument; version: NewVersion };

/**
 * Copies in one request (an sObject Collection), answering the refused ones with their codes. A failure
 * for now (an outage, or a record answered with a transient code) throws: Temporal retries the task, and
 * the retry skips what this one made.
 */
async function copyTogether(conn: Connection, batch: Copy[]): Promise<{ fileId: string; code: string }[]> {
  // An attempt Temporal has already timed out and retried must not write: its retry looked for the copies
  // before this one made them (full resilience run: a 60 s slow S3 read, then two ContentVersions).
  throwIfSuperseded();
  let results: VersionResult[];
  try {
    results = await insertContentVersions(
      conn,
      batch.map((c) => c.version),
    );
  } catch (e) {
    const code = rejectionOf(e, 'Document copy refused').code;
    return batch.map((c) => ({ fileId: c.document.fileId, code }));
  }
  const failedForNow = results.find((r) => 'errors' in r && !isPermanent(r.errors));
  if (failedForNow && 'errors' in failedForNow)
    throw new Error(`Document copy failed for now: ${failedForNow.errors[0]!.errorCode}`);
  return results.flatMap((r, i) =>
    'errors' in r
      ? [{ fileId: batch[i]!.document.fileId, code: crmRejection(r.errors, 'Document copy refused').code }]
      : [],
  );
}

/** The rejection a CRM failure is, or the failure itself thrown again when it is one for now. */
function rejectionOf(e: unknown, what: string): CrmRejectedError {
  try {
    return classifyCrmError(e, what);
  } catch (x) {
    if (x instanceof CrmRejectedError) return x;
    throw x;
  }
}

/**
 * A round's files in one request up to 40 MB (a larger file goes alone: the api takes files up to 37 MB),
 * so the worker holds about what one file's copy held; Salesforce takes up to 200 records and 500 MB.
 */
const BYTES_PER_REQUEST = 40 * 1024 * 1024;
const RECORDS_PER_REQUEST = 200;

/** The documents looked for in one query: ten paths of up to 500 characters stay well inside a URL. */
const LOOKUPS_PER_QUERY = 10;

/** A copy's PathOnClient: the file's id makes it the copy's key, so a retry finds what an earlier try made. */
const pathOf = (document: StoredDocument) => `${document.fileId}/${document.fileName}`;

/** ContentVersion's Description (1000 characters in Salesforce): a statement's review follows its type for the rep. */
export const documentDescription = (fileType: string, review?: StatementReview) =>
  review ? `${fileType}\nStatement review: ${reviewSummary(review, 1000 - fileType.length - 20)}` : fileType;

/**
 * The lead converted into an account, contact and opportunity, answering the opportunity's id. Safe to
 * retry: a lead already converted (a retry after the call went through, or the rep did it) answers the
 * opportunity it has. The lead is read before converting only when its owner must come from it (the
 * workflow knew a queue, not a rep); otherwise the conversion goes first, one call of the org's allowance
 * instead of two, and the lead is read only when it answers that the lead was converted already.
 */
async function convertLead(
  conn: Connection,
  org: CrmOrg,
  leadId: string,
  ownerId: string,
): Promise<{ opportunityId: string }> {
  const readLead = async () => {
    const lead = readableResult<{
      IsConverted?: boolean;
      ConvertedOpportunityId?: string | null;
      OwnerId?: string | null;
    }>(
      await conn.sobject('Lead').retrieve(leadId, { fields: ['IsConverted', 'ConvertedOpportunityId', 'OwnerId'] }),
      'Lead read',
    );
    if (lead.IsConverted && !lead.ConvertedOpportunityId)
      throw crmRejection(
        [{ errorCode: 'CONVERTED_WITHOUT_OPPORTUNITY', message: 'the lead was converted without an opportunity' }],
        'Lead conversion refused',
      );
    return lead;
  };
  try {
    let current: string | null | undefined;
    if (!isUserId(ownerId)) {
      const lead = await readLead();
      if (lead.IsConverted) return { opportunityId: lead.ConvertedOpportunityId! };
      current = lead.OwnerId;
    }
    // A lead in a queue (the assignment rule's) cannot be converted without a user to own the results.
    const owner = conversionOwner(ownerId, current, conn.userInfo?.id);
    const result = readableResult<{ success?: boolean | string; opportunityId?: string | null; errors?: unknown }>(
      await conn.soap.convertLead({
        leadId,
        convertedStatus: org.convertedStatus,
        ...(owner ? { ownerId: owner } : {}),
      }),
      'Lead conversion',
    );
    // No verdict at all (a SOAP answer without its result): unknown, so retried; if it went through, the
    // retry's conversion answers that the lead is converted, and the lead's opportunity is read then.
    if (result.success === undefined) throw new Error('Lead conversion: the CRM answered no result');
    const ok = result.success === true || result.success === 'true';
    if (ok && result.opportunityId) return { opportunityId: result.opportunityId };
    const errors = soapErrors(result.errors);
    if (errors.some((x) => x.errorCode === 'CANNOT_UPDATE_CONVERTED_LEAD')) {
      const lead = await readLead();
      if (lead.IsConverted) return { opportunityId: lead.ConvertedOpportunityId! };
    }
    if (errors.length && !isPermanent(errors))
      throw new Error(`Lead conversion failed for now: ${errors[0]!.errorCode}`);
    throw crmRejection(
      errors.length ? errors : [{ errorCode: 'CONVERT_FAILED', message: 'no opportunity' }],
      'Lead conversion refused',
    );
  } catch (e) {
    return classifyCrmError(e, 'Lead conversion refused');
  }
}
