import { XMLParser } from 'fast-xml-parser';
import type { Store } from './store';

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false });

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="urn:partner.soap.sforce.com" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

export const soapFault = (code: string, message: string) =>
  envelope(
    `<soapenv:Fault><faultcode>sf:${code}</faultcode><faultstring>${code}: ${message}</faultstring></soapenv:Fault>`,
  );

const el = (name: string, v: string | null | undefined) =>
  v ? `<${name}>${v}</${name}>` : `<${name} xsi:nil="true"/>`;

type LeadConvert = {
  leadId?: string;
  convertedStatus?: string;
  ownerId?: string;
  doNotCreateOpportunity?: string;
  opportunityName?: string;
};

export type SoapCall = { sessionId: string; operation: string; body: Record<string, unknown> };

export function parseSoap(xml: string): SoapCall {
  const doc = parser.parse(xml) as {
    Envelope?: { Header?: { SessionHeader?: { sessionId?: string } }; Body?: Record<string, unknown> };
  };
  const body = doc.Envelope?.Body ?? {};
  const operation = Object.keys(body)[0] ?? '';
  return {
    sessionId: String(doc.Envelope?.Header?.SessionHeader?.sessionId ?? ''),
    operation,
    body: (body[operation] ?? {}) as Record<string, unknown>,
  };
}

/** convertLead as the Partner API does it: Account, Contact and (unless told not to) Opportunity. */
/** The org's lead statuses with IsConverted = true. */
export const CONVERTED_STATUSES = ['Closed - Converted'];

export function convertLeads(
  store: Store,
  body: Record<string, unknown>,
  convertedStatuses = CONVERTED_STATUSES,
): string {
  const raw = body.leadConverts;
  const requests = (Array.isArray(raw) ? raw : [raw]) as LeadConvert[];
  const results = requests.map((req) => {
    const lead = req.leadId ? store.get('Lead', req.leadId) : undefined;
    const fail = (code: string, message: string) =>
      `<result>${el('accountId', null)}${el('contactId', null)}<errors><message>${message}</message><statusCode>${code}</statusCode></errors>${el('leadId', null)}${el('opportunityId', null)}<success>false</success></result>`;
    if (!lead) return fail('INVALID_CROSS_REFERENCE_KEY', 'invalid cross reference id');
    if (lead.IsConverted === true) return fail('CANNOT_UPDATE_CONVERTED_LEAD', 'Lead has already been converted.');
    if (!req.convertedStatus) return fail('REQUIRED_FIELD_MISSING', 'Required fields are missing: [convertedStatus]');
    if (!convertedStatuses.includes(req.convertedStatus)) return fail('INVALID_STATUS', 'invalid convertedStatus');
    if (lead.IsDeleted) return fail('ENTITY_IS_DELETED', 'entity is deleted');
    const ownerId = req.ownerId || (lead.OwnerId as string | undefined);
    // Accounts, contacts and opportunities are owned by users only: a queue's lead needs an owner named.
    if (!ownerId || ownerId.startsWith('00G'))
      return fail(
        'INVALID_OWNER_ID',
        'Converted objects can only be owned by users.  If the lead is not owned by a user, you must specify a user for the Owner field.',
      );
    const company = String(lead.Company ?? `${String(lead.LastName)}`);
    const account = store.insert('Account', { Name: company, OwnerId: ownerId });
    const contact = store.insert('Contact', {
      FirstName: lead.FirstName,
      LastName: lead.LastName,
      Email: lead.Email,
      AccountId: account.Id,
      OwnerId: ownerId,
    });
    const opportunity =
      req.doNotCreateOpportunity === 'true'
        ? undefined
        : store.insert('Opportunity', {
            Name: req.opportunityName || company,
            AccountId: account.Id,
            OwnerId: ownerId,
            StageName: 'Prospecting',
            Portal_Application_Id__c: lead.Portal_Application_Id__c ?? null,
          });
    store.update('Lead', lead.Id, {
      IsConverted: true,
      Status: req.convertedStatus,
      ConvertedAccountId: account.Id,
      ConvertedContactId: contact.Id,
      ConvertedOpportunityId: opportunity?.Id ?? null,
    });
    return `<result>${el('accountId', account.Id)}${el('contactId', contact.Id)}${el('leadId', lead.Id)}${el('opportunityId', opportunity?.Id)}<success>true</success></result>`;
  });
  return envelope(`<convertLeadResponse>${results.join('')}</convertLeadResponse>`);
}
