import type { BoxClient } from 'box-node-sdk';
import type { Connection } from 'jsforce';
import { ObjectId, type Db } from 'mongodb';
import { reviewSummary, withBankCheck, type FileRecord, type StatementReview } from '@portal/libs';
import type { DocumentActivities, StoredDocument } from '@portal/workflows';
import { soqlQuote } from '../crm/crm.activities';
import { insertContentVersion } from '../crm/content-version';
import { classifyCrmError, crmRejection, isPermanent, readableResult, soapErrors } from '../crm/crm.errors';
import { conversionOwner, DEFAULT_CRM_ORG, isUserId, type CrmOrg } from '../crm/crm.org';
import { applicationFolderName, folderNamed, uploadPdfOnce } from '../esign/box.client';
import { downloadWhenReady } from '../esign/box.errors';
import { CrmRejectedError } from '../errors';
import { throwIfSuperseded } from '../superseded';
import type { DocumentStore } from './s3';
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
  /** One document's copy, unless the applicant has removed its file. */
  async function copyDocument(
    conn: Connection,
    opportunityId: string,
    document: StoredDocument,
    bankStatements: BankStatements,
  ): Promise<void> {
    // The applicant may have removed it before the opportunity existed: then it never goes to the CRM.
    const file = await records.files.findOne({ _id: new ObjectId(document.fileId) });
    if (!file) return;
    const path = pathOf(document);
    const bytes = Buffer.from(await deps.store.get(document.s3Key));
    // An attempt Temporal has already timed out and retried must not write: its retry looked for the copy
    // before this one made it (full resilience run: a 60 s slow S3 read, then two ContentVersions).
    throwIfSuperseded();
    try {
      // Multipart, not base64 in JSON: JSON bodies stop at 37.5 MB of base64 (about 28 MB of file),
      // multipart ContentVersion bodies at 2 GB (Salesforce 'Insert or Update Blob Data').
      // The parts in the order Salesforce documents (jsforce sends them the other way round).
      const answer = await insertContentVersion(
        conn,
        {
          Title: document.fileName.replace(/\.pdf$/i, ''),
          PathOnClient: path,
          FirstPublishLocationId: opportunityId,
          Description: documentDescription(document.fileType, await reviewWithBank(file, bankStatements)),
        },
        { bytes, filename: document.fileName },
      );
      const created = readableResult<{ success?: boolean }>(answer, 'Document copy');
      if (!created.success)
        throw crmRejection([{ errorCode: 'CREATE_FAILED', message: 'no id' }], 'Document copy refused');
    } catch (e) {
      classifyCrmError(e, 'Document copy refused');
    }
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
     * The documents waiting, one after another, in one activity task (one task and one workflow task for
     * all the statements submitted together, not one each). A document the CRM refuses is answered with its
     * code and the next goes on; an outage fails the task, and its retry skips what an earlier try copied.
     */
    async uploadContentVersions({ opportunityId, documents }) {
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
      for (const document of documents) {
        if (copied.has(pathOf(document))) continue;
        try {
          await copyDocument(conn, opportunityId, document, bankStatements);
        } catch (e) {
          if (!(e instanceof CrmRejectedError)) throw e;
          refused.push({ fileId: document.fileId, code: e.code });
        }
      }
      return { refused };
    },
  };
}

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
