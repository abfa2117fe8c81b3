import { randomUUID } from 'node:crypto';
import type { Connection } from 'jsforce';
import { ObjectId, type Db } from 'mongodb';
import { offerPricingInputs } from '@portal/libs';
import type { OfferActivities, OfferOption } from '@portal/workflows';
import { soqlQuote } from '../crm/crm.activities';
import { compositeAnswers, subrequestError } from '../crm/composite';
import { classifyCrmError, isPermanent, readableResult, sfErrors } from '../crm/crm.errors';

import { DEFAULT_CRM_ORG, type CrmOrg } from '../crm/crm.org';
import { sendOnce } from '../email/send-once';
import { smtpOf, type WorkerSmtpSettings } from '../email/smtp';
import { throwIfSuperseded } from '../superseded';
import { CrmRejectedError, OfferServiceRejectedError } from '../errors';
import { renderOfferEmail } from './offer-email';
import { recordsOf } from '../records/records';
import { offerPricingKey } from '@portal/libs/dist/security/offer-pricing-key';

/** Refusals about the opportunity itself: no rep can be read either. */
const OPPORTUNITY_GONE = new Set(['ENTITY_IS_DELETED', 'NOT_FOUND', 'INVALID_ID_FIELD', 'MALFORMED_ID']);

export type OfferSettings = {
  OFFER_SERVICE_URL: string;
  OFFER_SERVICE_CLIENT_ID: string;
  OFFER_SERVICE_CLIENT_SECRET: string;
  MAIL_FROM: string;
  PUBLIC_URL: string;
} & WorkerSmtpSettings;

/**
 * The offer service's answers: 401 means our token expired (refreshed once by the caller), 429 and 5xx
 * pass (Temporal retries them), and any other 4xx is about the request, which no retry changes.
 */
function offerServiceFailure(res: Response, what: string): Error {
  if (res.status >= 400 && res.status < 500 && res.status !== 429)
    return new OfferServiceRejectedError(`${what}: HTTP ${res.status}`, res.status);
  return new Error(`${what}: HTTP ${res.status}`);
}

const asStrings = (o: Record<string, unknown>): OfferOption =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]));

/** The same Message-ID on every try of one offer's email. */
export const offerMessageId = (applicationId: string, optionId: string) =>
  `<offer-${applicationId}-${optionId.replace(/[^\w.-]/g, '')}@fundwise.local>`;

/**
 * The offer service names no type: it follows from the fields, offeredAmount (standard) or maxAmount
 * (lineOfCredit).
 */
export const offerTypeOf = (o: OfferOption) => (o.maxAmount ? 'lineOfCredit' : 'standard');

type OfferDeps = {
  db: Db;
  crm: () => Promise<Connection>;
  settings: OfferSettings;
  org?: CrmOrg;
};

export function createOfferActivities(deps: OfferDeps): OfferActivities {
  const ctx: Ctx = {
    settings: deps.settings,
    records: recordsOf(deps.db),
    crm: deps.crm,
    org: deps.org ?? DEFAULT_CRM_ORG,
    service: offerService(deps.settings),
  };
  return {
    calculateOffers: ({ applicationId }) => calculateOffers(ctx, applicationId),
    sendOfferEmail: ({ applicationId }) => sendOfferEmail(ctx, applicationId),
    submitOpportunity: ({ opportunityId }) => submitOpportunity(ctx, opportunityId),
  };
}

/** What the activities share: one records handle and one offer-service token for the worker's life. */
type Ctx = {
  settings: OfferSettings;
  records: ReturnType<typeof recordsOf>;
  crm: () => Promise<Connection>;
  org: CrmOrg;
  service: ReturnType<typeof offerService>;
};

/** The offer service's client: its token (client credentials, reused until shortly before it expires). */
function offerService(s: OfferSettings) {
  let token: { value: string; until: number } | undefined;
  async function bearer(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await fetch(`${s.OFFER_SERVICE_URL}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: s.OFFER_SERVICE_CLIENT_ID,
        client_secret: s.OFFER_SERVICE_CLIENT_SECRET,
      }),
    });
    if (!res.ok) throw offerServiceFailure(res, 'offer service token');
    const body = (await res.json()) as { access_token: string; expires_in?: number };
    token = { value: body.access_token, until: Date.now() + ((body.expires_in ?? 300) - 30) * 1000 };
    return token.value;
  }
  return {
    bearer,
    /** Forgets the token: the service answered 401, so the next call asks for a new one. */
    expire: () => {
      token = undefined;
    },
  };
}

async function calculateOffers({ settings: s, records, service }: Ctx, applicationId: string): Promise<OfferOption[]> {
  const _id = new ObjectId(applicationId);
  const [business, ownerSet, saved] = await Promise.all([
    records.businesses.findOne({ _id }),
    records.ownerSets.findOne({ _id }),
    records.offers.findOne({ _id }),
  ]);
  const answers = { business, ownerSet };
  const call = async () =>
    fetch(`${s.OFFER_SERVICE_URL}/offers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await service.bearer()}` },
      body: JSON.stringify(offerPricingInputs(answers)),
    });
  let res = await call();
  if (res.status === 401) {
    service.expire();
    res = await call();
  }
  if (!res.ok) throw offerServiceFailure(res, 'offer service');
  const offers = ((await res.json()) as { data: Record<string, unknown>[] }).data.map(asStrings);
  // A previous choice is restored when the same option is priced again.
  const chosen = (saved?.offerOptions as OfferOption[] | undefined)?.find((o) => o.isSelected === 'true')?.id;
  const options = offers.map((o) => ({ ...o, isSelected: o.id === chosen ? 'true' : 'false' }));
  // The pricing is stamped (when, for which answers): the api answers the offers page from it while it is
  // fresh. The options are written only when they change: priced again as they are saved (each visit of
  // the offers page asks), the stamp alone, so it never puts back a selection read before the applicant
  // changed it.
  const stamp = { pricedAt: new Date(), pricedFor: offerPricingKey(answers) };
  const changed = JSON.stringify(options) !== JSON.stringify(saved?.offerOptions);
  await records.offers.updateOne({ _id }, { $set: changed ? { ...stamp, offerOptions: options } : stamp });
  return options;
}

async function sendOfferEmail({ settings: s, records }: Ctx, applicationId: string): Promise<void> {
  const _id = new ObjectId(applicationId);
  const offer = await records.offers.findOne({ _id });
  const option = (offer?.offerOptions as OfferOption[] | undefined)?.find((o) => o.isSelected === 'true');
  if (!option) throw new CrmRejectedError('No offer is selected', 'NO_SELECTION');
  if (offer?.emailedOption === option.id) return; // a retry after the mail went out
  const sentNow = () => records.offers.updateOne({ _id }, { $set: { emailedOption: option.id } });
  // One record per offer email, made by the attempt whose message is about to go out (an insert: two
  // attempts cannot both make it, where a conditional update on FerretDB lets both through).
  const goingOut = records.offerEmails;
  const claimId = `${applicationId}:${option.id}`;
  if (await goingOut.findOne({ _id: claimId })) {
    // An attempt died (a worker killed) after its message was all with the server but for the final
    // dot's last byte, which it sent right after making the record: the server has the message in all
    // likelihood. Counted as sent, as sendOnce counts an answer lost after the dot
    // (docs/decisions/011-offer-email-at-most-once.md).
    console.warn(
      `offer email for application ${applicationId}: an attempt ended after the message went out; counted as sent`,
    );
    await sentNow();
    return;
  }
  const app = await records.applications.findOne({ _id });
  const [user, business] = await Promise.all([
    app?.userId ? records.users.findOne({ _id: app.userId }) : null,
    records.businesses.findOne({ _id }),
  ]);
  if (!user?.email) throw new CrmRejectedError('The application has no user email', 'NO_EMAIL');
  const email = renderOfferEmail({
    firstName: String(user.firstName ?? ''),
    company: String(business?.businessName ?? 'your business'),
    offerType: offerTypeOf(option),
    option,
    publicUrl: s.PUBLIC_URL,
    language: typeof user.language === 'string' ? user.language : undefined,
  });
  // The record names this attempt: an older attempt still running (its timeout passed, its retry
  // began) cannot also send its copy, and a failed attempt removes only its own record.
  const attempt = randomUUID();
  const outcome = await sendOnce(
    smtpOf(s),
    { from: s.MAIL_FROM, to: String(user.email), ...email, messageId: offerMessageId(applicationId, option.id!) },
    {
      beforeCommit: async () => {
        throwIfSuperseded();
        await goingOut.insertOne({ _id: claimId, attempt, at: new Date() });
      },
    },
  ).catch(async (e: unknown) => {
    // Refused, or stopped before the final dot: the server does not have it, and a retry sends it.
    await goingOut.deleteOne({ _id: claimId, attempt });
    throw e;
  });
  if (outcome === 'maybe-sent')
    console.warn(`offer email for application ${applicationId}: no answer after the message went out; counted as sent`);
  await sentNow();
}

async function submitOpportunity({ crm, org }: Ctx, opportunityId: string) {
  const conn = await crm();
  try {
    // The stage written and the rep read through the opportunity's owner in one call of the org's API
    // allowance; not all or none: a refused stage (the org's picklist, a validation rule) does not hold back
    // the rep, and the application is submitted all the same while the workflow shows the refusal to operations.
    type Rep = { Name?: string; Calendly_Link__c?: string };
    const [stage, read] = await compositeAnswers(
      conn,
      [
        {
          method: 'PATCH',
          url: `/sobjects/Opportunity/${encodeURIComponent(opportunityId)}`,
          referenceId: 'stage',
          body: { StageName: org.submittedStage },
        },
        {
          method: 'GET',
          url: `/query?q=${encodeURIComponent(`SELECT Id, Owner.Name, Owner.Calendly_Link__c FROM Opportunity WHERE Id = ${soqlQuote(opportunityId)} LIMIT 1`)}`,
          referenceId: 'rep',
        },
      ],
      false,
    );
    let stageRefused: string | undefined;
    if (stage!.httpStatusCode >= 400) {
      const e = subrequestError(stage!);
      const errors = sfErrors(e);
      if (!isPermanent(errors) || errors.some((x) => OPPORTUNITY_GONE.has(x.errorCode))) throw e;
      stageRefused = [...new Set(errors.map((x) => x.errorCode))].join(',');
    }
    if (read!.httpStatusCode >= 400) throw subrequestError(read!);
    const found = readableResult<{ records?: { Owner?: Rep | null }[] }>(read!.body, 'Opportunity read');
    const rep = found.records?.[0]?.Owner;
    return {
      repName: rep?.Name ?? '',
      schedulingLink: rep?.Calendly_Link__c ?? '',
      ...(stageRefused ? { stageRefused } : {}),
    };
  } catch (e) {
    return classifyCrmError(e, 'Opportunity submission refused');
  }
}
