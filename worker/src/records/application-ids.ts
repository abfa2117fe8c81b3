import { ObjectId, type Db } from 'mongodb';
import { RecordWriteError } from '../errors';
import { recordsOf } from './records';

/**
 * Keeps the ids the CRM and Box answer on the applicant's records, inside the activity that got them
 * (createCrmLead, prepareSignRequest, convertCrmLead): one local activity, one marker in history, where a
 * second activity only saved them. A write that fails fails that activity with a RecordWriteError
 * (retryable), whose retry finds what the first try made.
 */
export function applicationIds(db: Db) {
  const records = recordsOf(db);
  const applications = (applicationId: string, set: Record<string, string>) =>
    records.applications.updateOne({ _id: new ObjectId(applicationId) }, { $set: set });
  return {
    async lead({ applicationId, leadId, ownerId, affiliateId }: LeadIds) {
      await kept('The lead', () =>
        applications(applicationId, {
          sfLeadId: leadId,
          sfLeadOwnerId: ownerId,
          ...(affiliateId ? { affiliateId } : {}),
        }),
      );
    },
    async opportunity({ applicationId, opportunityId }: { applicationId: string; opportunityId: string }) {
      await kept('The opportunity', () => applications(applicationId, { sfOpportunityId: opportunityId }));
    },
    async signature({
      applicationId,
      signatureId,
      signers,
    }: {
      applicationId: string;
      signatureId: string;
      signers?: number;
    }) {
      await kept('The sign request', async () => {
        // The lookup document first (keyed by the request's id: the webhook's read is by `_id`), then the
        // application: an application never names a request that cannot be looked up.
        await records.signatures.updateOne(
          { _id: signatureId },
          // How many sign: the api wakes the workflow on one signer's own signature only when others follow.
          { $set: { applicationId: new ObjectId(applicationId), ...(signers ? { signers } : {}) } },
          { upsert: true },
        );
        await applications(applicationId, { signatureId });
      });
    },
  };
}

export type ApplicationIds = ReturnType<typeof applicationIds>;
type LeadIds = { applicationId: string; leadId: string; ownerId: string; affiliateId?: string };

/** The write, its failure named for operators (the driver's error class and code, never a value). */
async function kept(what: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (e) {
    const { name, code } = e as { name?: string; code?: unknown };
    throw new RecordWriteError(
      `${what}'s id was not kept on the application record (${name ?? 'Error'}${code ? ` ${String(code)}` : ''})`,
    );
  }
}
