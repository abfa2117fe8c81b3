import { ListObjectsV2Command, DeleteObjectsCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Client } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import type { BoxClient } from 'box-node-sdk';
import type { Connection } from 'jsforce';
import type { PlaidApi } from 'plaid';
import type { PiiKeys } from '@portal/libs/dist/security/pii-keys';
import { ObjectId, type Db } from 'mongodb';
import { COLLECTIONS, WORKER_COLLECTIONS } from '@portal/libs';
import {
  applicationWorkflowId,
  type ApplicationKeys,
  type ErasureActivities,
  type ErasurePlan,
  type LeadErasure,
} from '@portal/workflows';
import { eraseAccountRecords } from './erase-records';
import { eraseBoxCopies } from './erase-box';
import { removeBankItems } from './bank-items';

export type ErasureDeps = {
  db: Db;
  crm: () => Promise<Connection>;
  s3: { client: S3Client; bucket: string };
  /** The e-signature service, and the folder that holds one folder per application. */
  box: () => BoxClient;
  boxParentFolderId: string;
  /** The worker's Temporal client (made once its connection is open). */
  temporal: () => Client;
  keys: ApplicationKeys;
  /**
   * Plaid (none when the bank connection is off), asked for only when an erasure meets a connected bank, and
   * the key that opens a bank link's access token.
   */
  plaid: () => Promise<PlaidApi | undefined>;
  pii: PiiKeys;
  retentionYears: { US: number; CA: number };
  now?: () => Date;
};

/** Lead fields that are the org's or the portal's bookkeeping, not the applicant's answers. */
const NOT_PERSONAL =
  /^(Id|attributes|Is[A-Z]\w*|Converted\w*|Created\w*|LastModified\w*|SystemModstamp|OwnerId|Status|RecordTypeId|LeadSource|Portal_\w+|Affiliate_Id__c|Status_Detail__c)$/;
/** A lead must keep a last name and a company: these stand for them once blanked. */
const ERASED = { LastName: 'Erased', Company: 'Erased' };
/** What the org answers for a lead already gone. */
const GONE = new Set(['NOT_FOUND', 'ENTITY_IS_DELETED']);
const errorCode = (e: unknown) => (e as { errorCode?: string; name?: string }).errorCode ?? (e as Error).name;

export function createErasureActivities(deps: ErasureDeps): ErasureActivities {
  const now = deps.now ?? (() => new Date());
  const db = deps.db;

  async function planErasure({ userId }: { userId: string }): Promise<ErasurePlan> {
    const user = await db.collection(COLLECTIONS.users).findOne({ _id: new ObjectId(userId) });
    const app = await db.collection(COLLECTIONS.applications).findOne({ userId: new ObjectId(userId) });
    if (!app)
      return {
        userId,
        submitted: false,
        ...(user?.applicationId ? { applicationId: String(user.applicationId) } : {}),
      };
    const applicationId = String(app._id);
    const opportunityId = typeof app.sfOpportunityId === 'string' ? app.sfOpportunityId : undefined;
    const leadId = typeof app.sfLeadId === 'string' ? app.sfLeadId : undefined;
    if (!opportunityId) return { userId, applicationId, submitted: false, ...(leadId ? { leadId } : {}) };
    const business = await db.collection(COLLECTIONS.businesses).findOne({ applicationId: app._id });
    const years = business?.country === 'CA' ? deps.retentionYears.CA : deps.retentionYears.US;
    const until = now();
    until.setUTCFullYear(until.getUTCFullYear() + years);
    return {
      userId,
      applicationId,
      submitted: true,
      opportunityId,
      keepUntil: until.toISOString().slice(0, 10),
      ...(leadId ? { leadId } : {}),
    };
  }

  async function closeApplicationWorkflow({ applicationId }: { applicationId: string }) {
    try {
      await deps.temporal().workflow.getHandle(applicationWorkflowId(applicationId)).terminate('account deleted');
    } catch (e) {
      // Already ended (or never started): nothing of it runs any more.
      if (e instanceof WorkflowNotFoundError) return;
      throw e;
    }
  }

  async function eraseCrmLead(plan: ErasurePlan): Promise<LeadErasure> {
    if (!plan.leadId) return 'none';
    // A submitted application's lead was converted: the org keeps it read-only with the opportunity it
    // became, which the lender must keep.
    if (plan.submitted) return 'kept';
    const leads = (await deps.crm()).sobject('Lead');
    let lead: Record<string, unknown>;
    try {
      lead = (await leads.retrieve(plan.leadId)) as Record<string, unknown>;
    } catch (e) {
      if (GONE.has(errorCode(e))) return 'deleted';
      throw e;
    }
    // Blanked first: a deleted record waits in the org's recycle bin, which must hold nothing of them.
    const blank: Record<string, unknown> = { Id: plan.leadId, ...ERASED };
    for (const [field, value] of Object.entries(lead))
      if (!NOT_PERSONAL.test(field) && !(field in ERASED) && value !== null && typeof value !== 'boolean')
        blank[field] = null;
    await leads.update(blank as { Id: string });
    try {
      await leads.destroy(plan.leadId);
      return 'deleted';
    } catch (e) {
      // An org that refuses deleting it keeps it blanked.
      if (GONE.has(errorCode(e))) return 'deleted';
      if (/DELETE|INSUFFICIENT_ACCESS/.test(errorCode(e) ?? '')) return 'anonymised';
      throw e;
    }
  }

  async function eraseDocuments(plan: ErasurePlan): Promise<number> {
    if (!plan.applicationId) return 0;
    const prefix = `applications/${plan.applicationId}/`;
    // A submitted application keeps the application as signed and the documents it was submitted with.
    const kept = (key: string) => plan.submitted && /^applications\/[0-9a-f]+\/(signature|documents)\//.test(key);
    let deleted = 0;
    let token: string | undefined;
    do {
      const page = await deps.s3.client.send(
        new ListObjectsV2Command({ Bucket: deps.s3.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).map((o) => o.Key!).filter((k) => !kept(k));
      if (keys.length) {
        await deps.s3.client.send(
          new DeleteObjectsCommand({
            Bucket: deps.s3.bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        deleted += keys.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return deleted;
  }

  /**
   * Box's copies: kept with a submitted application (the signed application is a kept record) until the
   * retention ends (`force`). The sign requests' ids are the worker's marks, read before the records go.
   */
  async function eraseSigningCopies(plan: ErasurePlan, force = false): Promise<number> {
    if (!plan.applicationId || (plan.submitted && !force)) return 0;
    const marks = await db
      .collection<{ _id: string; signRequestId?: string }>(WORKER_COLLECTIONS.boxsignrequests)
      .find({ _id: { $regex: `^${plan.applicationId}:` } })
      .toArray();
    // Never sent for signing (no try, and not a submission): Box holds nothing of it.
    if (!marks.length && !force) return 0;
    const ids = marks.flatMap((m) => (m.signRequestId ? [m.signRequestId] : []));
    return eraseBoxCopies(deps.box(), deps.boxParentFolderId, plan.applicationId, ids);
  }

  return {
    planErasure,
    eraseSigningCopies: (plan) => eraseSigningCopies(plan),
    closeApplicationWorkflow,
    eraseCrmLead,
    eraseDocuments,
    eraseApplicationKey: ({ applicationId }) => deps.keys.erase(applicationId),
    // The bank link's item goes at Plaid first: its token, deleted with the records, is the only way to it.
    eraseRecords: async (plan) => {
      await removeBankItems(db, deps.plaid, deps.pii, plan.applicationId);
      return eraseAccountRecords(db, plan);
    },
    // The end of the retention: what was kept goes the way the rest went.
    purgeKeptRecords: async (plan) => {
      const now = { ...plan, submitted: false };
      await removeBankItems(db, deps.plaid, deps.pii, plan.applicationId);
      return (await eraseDocuments(now)) + (await eraseSigningCopies(now, true)) + (await eraseAccountRecords(db, now));
    },
  };
}
