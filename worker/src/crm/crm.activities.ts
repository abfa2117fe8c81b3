import type { Connection } from 'jsforce';
import type { Db } from 'mongodb';
import { APPLICATION_ID_FIELD, leadFieldsOf, newLeadFields, type SalesforceLeadFields } from '@portal/libs';
import type { CrmActivities, CrmLeadInput, CrmLeadResult, CrmLeadUpdateActivities } from '@portal/workflows';
import { classifyCrmError, crmRejection, isPermanent, readableResult, sfErrors, type SfError } from './crm.errors';
import { ALLOW_DUPLICATES, DEFAULT_CRM_ORG, LEAD_UPDATE, leadFieldsFor, type CrmOrg } from './crm.org';
import { throwIfSuperseded } from '../superseded';
import { compositeCall } from './composite';
import { applicationIds } from '../records/application-ids';

/** A SOQL string literal. */
export const soqlQuote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A Salesforce record id: 15 or 18 letters and digits. Anything else is not queried at all. */
const SF_ID = /^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/;

/** Refusals about the lead itself, not a field: no field of the batch can go, one by one or not. */
const LEAD_GONE = new Set(['CANNOT_UPDATE_CONVERTED_LEAD', 'ENTITY_IS_DELETED', 'NOT_FOUND', 'INVALID_ID_FIELD']);

/**
 * Writes a merged batch of lead fields. When Salesforce refuses the batch for its content, each field is
 * written on its own, so that only the offending ones are held back (in the rejection's details, for the
 * workflow and operations) and every other change still reaches the rep.
 */
async function updateLeadFieldByField(conn: Connection, org: CrmOrg, leadId: string, fields: SalesforceLeadFields) {
  const write = (f: Record<string, unknown>) =>
    conn.sobject('Lead').update({ Id: leadId, ...leadFieldsFor(org, f) }, LEAD_UPDATE);
  try {
    await write(fields);
    return;
  } catch (e) {
    const errors = sfErrors(e);
    if (!isPermanent(errors)) throw e;
    if (errors.some((x) => LEAD_GONE.has(x.errorCode)) || Object.keys(fields).length === 1)
      throw crmRejection(errors, 'Lead update refused', fields);
  }
  const heldBack: SalesforceLeadFields = {};
  const refused: SfError[] = [];
  for (const [name, value] of Object.entries(fields)) {
    try {
      await write({ [name]: value });
    } catch (e) {
      const errors = sfErrors(e);
      if (!isPermanent(errors)) throw e; // the CRM went away meanwhile: the whole (idempotent) batch again
      heldBack[name] = value;
      refused.push(...errors.map((x) => (x.fields?.length ? x : { ...x, fields: [name] })));
    }
  }
  if (refused.length)
    throw crmRejection(refused, `Lead update held back ${Object.keys(heldBack).join(', ')}`, heldBack);
}

/** The application's lead: the one made for it before (a retry's), or a new one. */
async function findOrCreateLead(conn: Connection, org: CrmOrg, input: CrmLeadInput): Promise<CrmLeadResult> {
  try {
    const found = await conn.query<{ Id: string; OwnerId: string }>(
      `SELECT Id, OwnerId FROM Lead WHERE ${APPLICATION_ID_FIELD} = ${soqlQuote(input.applicationId)} LIMIT 1`,
    );
    const existing = found.records[0];
    if (existing) return { leadId: existing.Id, ownerId: existing.OwnerId };

    throwIfSuperseded();
    // Made and its owner (the assignment rule's pick) read back in one call of the org's API allowance.
    const [made, read] = await compositeCall(conn, [
      {
        method: 'POST',
        url: '/sobjects/Lead',
        referenceId: 'lead',
        body: leadFieldsFor(org, newLeadFields(input)),
        httpHeaders: ALLOW_DUPLICATES.headers,
      },
      { method: 'GET', url: '/sobjects/Lead/@{lead.id}?fields=OwnerId', referenceId: 'owner' },
    ]);
    const created = readableResult<{ success?: boolean; id?: string }>(made, 'Lead creation');
    if (!created.success || !created.id)
      throw crmRejection([{ errorCode: 'CREATE_FAILED', message: 'no id' }], 'Lead creation refused');
    const lead = readableResult<{ OwnerId?: string }>(read, 'Lead read');
    return { leadId: created.id, ownerId: String(lead.OwnerId ?? '') };
  } catch (e) {
    return classifyCrmError(e, 'Lead creation refused');
  }
}

export function createCrmActivities(deps: {
  crm: () => Promise<Connection>;
  /** The application records, where the lead's ids are kept. */
  db: Db;
  affiliateRecordTypeId: string;
  org?: CrmOrg;
}): CrmActivities & CrmLeadUpdateActivities {
  const org = deps.org ?? DEFAULT_CRM_ORG;
  const ids = applicationIds(deps.db);
  return {
    async updateCrmLead({ leadId, fields }) {
      // Never sent without an id: jsforce would answer 'Record id is not found in record.' with no code,
      // which reads as an outage and is retried for ever.
      if (!leadId) throw crmRejection([{ errorCode: 'MISSING_LEAD_ID', message: 'no lead id' }], 'Lead update refused');
      const conn = await deps.crm();
      try {
        // The applicant's answers in Salesforce's words (libs/src/crm/lead-fields.ts); a change queued in
        // those words before the mapper passes as it is.
        await updateLeadFieldByField(conn, org, leadId, leadFieldsOf(fields));
      } catch (e) {
        classifyCrmError(e, 'Lead update refused');
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
        return classifyCrmError(e, 'Affiliate check refused');
      }
    },

    async createCrmLead(input: CrmLeadInput): Promise<CrmLeadResult> {
      const lead = await findOrCreateLead(await deps.crm(), org, input);
      // The affiliate comes only when the workflow accepted it (checkedLead).
      await ids.lead({ applicationId: input.applicationId, ...lead, affiliateId: input.affiliateId });
      return lead;
    },
  };
}
