import { ObjectId, type Db } from 'mongodb';
import type { RecordActivities } from '@portal/workflows';
import { recordsOf } from './records';

/** Writes what the workflow learned from outside systems back onto the applicant's records. */
export function createRecordActivities(deps: { db: Db }): RecordActivities {
  const records = recordsOf(deps.db);
  return {
    async saveOpportunityId({ applicationId, opportunityId }) {
      await records.applications.updateOne(
        { _id: new ObjectId(applicationId) },
        { $set: { sfOpportunityId: opportunityId } },
      );
    },
    async saveSignatureId({ applicationId, signatureId, signers }) {
      // The lookup document first (keyed by the request's id: the webhook's read is by `_id`), then the
      // application: an application never names a request that cannot be looked up.
      await records.signatures.updateOne(
        { _id: signatureId },
        // How many sign: the api wakes the workflow on one signer's own signature only when others follow.
        { $set: { applicationId: new ObjectId(applicationId), ...(signers ? { signers } : {}) } },
        { upsert: true },
      );
      await records.applications.updateOne({ _id: new ObjectId(applicationId) }, { $set: { signatureId } });
    },
    async saveCrmLeadIds({ applicationId, leadId, ownerId, affiliateId }) {
      await records.applications.updateOne(
        { _id: new ObjectId(applicationId) },
        { $set: { sfLeadId: leadId, sfLeadOwnerId: ownerId, ...(affiliateId ? { affiliateId } : {}) } },
      );
    },
  };
}
