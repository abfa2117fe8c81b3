import type { Connection } from 'jsforce';
import type { CrmActivities, CrmLeadInput, CrmLeadResult, CrmLeadUpdateActivities } from '@portal/workflows';
import { CrmRejectedError } from '../errors';

/** Salesforce error codes that mean the request itself is wrong: retrying cannot help. */
const REJECTIONS = new Set([
  'REQUIRED_FIELD_MISSING',
  'INVALID_FIELD',
  'FIELD_CUSTOM_VALIDATION_EXCEPTION',
  'DUPLICATE_VALUE',
  'INVALID_TYPE',
  'MALFORMED_ID',
  'STRING_TOO_LONG',
]);

/** The custom field that ties a lead to its portal application: the key that makes creation idempotent. */
export const APPLICATION_ID_FIELD = 'Portal_Application_Id__c';

function classify(e: unknown): never {
  const err = e as { errorCode?: string; name?: string; message?: string };
  const code = err.errorCode ?? err.name ?? '';
  if (REJECTIONS.has(code)) throw new CrmRejectedError(err.message ?? code, code);
  throw e;
}

/** A SOQL string literal. */
export const soqlQuote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A Salesforce record id: 15 or 18 letters and digits. Anything else is not queried at all. */
const SF_ID = /^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/;

export function createCrmActivities(deps: {
  crm: () => Promise<Connection>;
  affiliateRecordTypeId: string;
}): CrmActivities & CrmLeadUpdateActivities {
  return {
    async updateCrmLead({ leadId, fields }) {
      const conn = await deps.crm();
      try {
        const result = await conn.sobject('Lead').update({ Id: leadId, ...fields });
        if (!result.success) throw new CrmRejectedError('Lead was not updated', 'UPDATE_FAILED');
      } catch (e) {
        classify(e);
      }
    },
    async checkCrmAffiliate({ affiliateId }) {
      if (!SF_ID.test(affiliateId)) return { accepted: false };
      const conn = await deps.crm();
      try {
        const found = await conn.query<{ Status__c?: string; RecordTypeId?: string }>(
          `SELECT Id, Status__c, RecordTypeId FROM Account WHERE Id = ${soqlQuote(affiliateId)} LIMIT 1`,
        );
        const account = found.records[0];
        const accepted =
          !!account &&
          account.RecordTypeId === deps.affiliateRecordTypeId &&
          (account.Status__c ?? '').toLowerCase() === 'active';
        return account
          ? { accepted, status: account.Status__c ?? '', recordTypeId: account.RecordTypeId ?? '' }
          : { accepted };
      } catch (e) {
        return classify(e);
      }
    },

    async createCrmLead(input: CrmLeadInput): Promise<CrmLeadResult> {
      const conn = await deps.crm();
      try {
        const found = await conn.query<{ Id: string; OwnerId: string }>(
          `SELECT Id, OwnerId FROM Lead WHERE ${APPLICATION_ID_FIELD} = ${soqlQuote(input.applicationId)} LIMIT 1`,
        );
        const existing = found.records[0];
        if (existing) return { leadId: existing.Id, ownerId: existing.OwnerId };

        const created = await conn.sobject('Lead').create({
          FirstName: input.firstName,
          LastName: input.lastName,
          Email: input.email,
          MobilePhone: input.phone,
          Phone: input.phone,
          Company: input.company,
          ...(input.affiliateId ? { Affiliate_Id__c: input.affiliateId } : {}),
          [APPLICATION_ID_FIELD]: input.applicationId,
        });
        if (!created.success || !created.id) throw new CrmRejectedError('Lead was not created', 'CREATE_FAILED');
        const lead = await conn.sobject('Lead').retrieve(created.id, { fields: ['Id', 'OwnerId'] });
        return { leadId: created.id, ownerId: String((lead as { OwnerId?: string }).OwnerId ?? '') };
      } catch (e) {
        return classify(e);
      }
    },
  };
}
