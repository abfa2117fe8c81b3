import type { BoxClient } from 'box-node-sdk';
import type { Connection } from 'jsforce';
import { ObjectId, type Db } from 'mongodb';
import type { DocumentActivities } from '@portal/workflows';
import { soqlQuote } from '../crm/crm.activities';
import { CrmRejectedError } from '../errors';
import { applicationFolderName, folderNamed, uploadPdfOnce } from '../esign/box.client';
import type { DocumentStore } from './s3';

/** The lead status a conversion sets (a LeadStatus with IsConverted = true in the org). */
export const CONVERTED_STATUS = 'Closed - Converted';

export function createDocumentActivities(deps: {
  db: Db;
  crm: () => Promise<Connection>;
  box: () => BoxClient;
  store: DocumentStore;
  parentFolderId: string;
}): DocumentActivities {
  return {
    async convertCrmLead({ leadId, ownerId }) {
      const conn = await deps.crm();
      // Already converted (a retry after the call went through): answer the opportunity it made.
      const lead = (await conn.sobject('Lead').retrieve(leadId, {
        fields: ['IsConverted', 'ConvertedOpportunityId'],
      })) as { IsConverted?: boolean; ConvertedOpportunityId?: string | null };
      if (lead.IsConverted && lead.ConvertedOpportunityId) return { opportunityId: lead.ConvertedOpportunityId };
      const result = (await conn.soap.convertLead({
        leadId,
        convertedStatus: CONVERTED_STATUS,
        ...(ownerId ? { ownerId } : {}),
      })) as { success?: boolean | string; opportunityId?: string | null; errors?: unknown };
      const ok = result.success === true || result.success === 'true';
      if (!ok || !result.opportunityId)
        throw new CrmRejectedError(`Lead was not converted: ${JSON.stringify(result.errors)}`, 'CONVERT_FAILED');
      return { opportunityId: result.opportunityId };
    },

    async submitSignedApplication({ applicationId, signedFileId }) {
      const box = deps.box();
      const appFolder = await folderNamed(box, applicationFolderName(applicationId), deps.parentFolderId);
      const submission = await folderNamed(box, 'submission', appFolder);
      const stream = await box.downloads.downloadFile(signedFileId);
      const chunks: Buffer[] = [];
      for await (const c of stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(c));
      return { fileId: await uploadPdfOnce(box, submission, 'signed-application.pdf', Buffer.concat(chunks)) };
    },

    async uploadContentVersion({ opportunityId, document }) {
      // The applicant may have removed it before the opportunity existed: then it never goes to the CRM.
      if (!(await deps.db.collection('files').findOne({ _id: new ObjectId(document.fileId) }))) return;
      const conn = await deps.crm();
      const path = `${document.fileId}/${document.fileName}`;
      const found = await conn.query<{ Id: string }>(
        `SELECT Id FROM ContentVersion WHERE FirstPublishLocationId = ${soqlQuote(opportunityId)} AND PathOnClient = ${soqlQuote(path)} LIMIT 1`,
      );
      if (found.records.length) return;
      const bytes = Buffer.from(await deps.store.get(document.s3Key));
      const created = await conn.sobject('ContentVersion').create({
        Title: document.fileName.replace(/\.pdf$/i, ''),
        PathOnClient: path,
        VersionData: bytes.toString('base64'),
        FirstPublishLocationId: opportunityId,
        Description: document.fileType,
      });
      if (!created.success) throw new CrmRejectedError('ContentVersion was not created', 'CREATE_FAILED');
    },
  };
}
