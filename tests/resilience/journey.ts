// One applicant's whole journey through the api, step by step, with a hook before each step that aims a
// fault at the activity the step sets off; and the count of every external side effect it left.
import { inject } from 'vitest';
import type { Match } from '../support/fault-proxy';
import { FINANCIAL_ANSWERS, stepOnFrom } from '../support/journey';
import { holdFor } from '../support/until';
import {
  DELAYS,
  FAULT_CLASSES,
  onePagePdf,
  ownerAnswers,
  retrying,
  saveAnswers,
  waitFor,
  type FaultClass,
  type ResilienceStack,
  type Services,
} from './support';

export const STEPS = [
  'signUp',
  'answers',
  'sign',
  'statements',
  'submitStatements',
  'offers',
  'submitApplication',
] as const;
export type Step = (typeof STEPS)[number];

/** Each external call of the journey, the activity (or api call) that makes it, and the step that sets it off. */
export type Target = { activity: string; service: Services; match: Match; step: Step };
export const TARGETS: Target[] = [
  {
    activity: 'createCrmLead',
    service: 'crm',
    match: { method: 'POST', path: /\/sobjects\/Lead\/?$/ },
    step: 'signUp',
  },
  {
    activity: 'updateCrmLead',
    service: 'crm',
    match: { method: 'PATCH', path: /\/sobjects\/Lead\/\w+/ },
    step: 'answers',
  },
  {
    activity: 'prepareSignRequest: application PDF to S3',
    service: 's3',
    match: { method: 'PUT', path: /\/signature\// },
    step: 'sign',
  },
  {
    activity: 'prepareSignRequest: createSignRequest',
    service: 'box',
    match: { method: 'POST', path: /^\/2\.0\/sign_requests\/?$/ },
    step: 'sign',
  },
  {
    activity: 'api upload: statement to S3',
    service: 's3',
    match: { method: 'PUT', path: /\/documents\// },
    step: 'statements',
  },
  {
    activity: 'convertCrmLead (SOAP)',
    service: 'crm',
    match: { method: 'POST', path: /\/services\/Soap\// },
    step: 'submitStatements',
  },
  {
    activity: 'submitSignedApplication: upload to Box',
    service: 'box',
    match: { method: 'POST', path: /^\/api\/2\.0\/files\/content/ },
    step: 'submitStatements',
  },
  {
    activity: 'uploadContentVersion',
    service: 'crm',
    match: { method: 'POST', path: /\/sobjects\/ContentVersion\/?$/ },
    step: 'submitStatements',
  },
  {
    activity: 'uploadContentVersion: S3 read',
    service: 's3',
    match: { method: 'GET', path: /\/documents\/.*\.pdf/ },
    step: 'submitStatements',
  },
  { activity: 'calculateOffers', service: 'offers', match: { method: 'POST', path: /^\/offers/ }, step: 'offers' },
  {
    activity: 'submitOpportunity',
    service: 'crm',
    match: { method: 'PATCH', path: /\/sobjects\/Opportunity\/\w+/ },
    step: 'submitApplication',
  },
  { activity: 'sendOfferEmail (SMTP)', service: 'smtp', match: { path: 'DATA' }, step: 'submitApplication' },
];

/** Aims the fault class at the target; answers a check that the fault was really met. */
export function arm(stack: ResilienceStack, cls: FaultClass, t: Target): () => boolean {
  const proxy = stack.proxies[t.service];
  const before = proxy.seen.length;
  if (cls === 'outage') {
    proxy.outage(DELAYS.outageMs, { startOn: t.service === 'smtp' ? { path: 'CONNECT' } : t.match });
    return () => proxy.seen.slice(before).some((s) => s.fault === 'refuse');
  }
  const { fault, times } = FAULT_CLASSES[cls]();
  let match = t.match;
  let f = fault!;
  if (t.service === 'smtp') {
    // SMTP has no 5xx burst or 429 of HTTP: its transient refusal is a 4xx reply to MAIL (451 or 421),
    // and a refused connection is refused at connect. The other kinds act once the message was sent.
    if (f.kind === 'status') {
      match = { path: 'MAIL' };
      f = { kind: 'status', status: f.status === 429 ? 421 : 451 };
    } else if (f.kind === 'refuse') match = { path: 'CONNECT' };
  }
  proxy.inject(match, f, times);
  return () => proxy.armed() === 0;
}

type Mail = { subject: string; to: { address: string }[] };
const offerMails = async (maildevUrl: string, email: string) =>
  ((await (await fetch(`${maildevUrl}/api/email`)).json()) as Mail[]).filter(
    (m) => m.to.some((t) => t.address === email) && m.subject.startsWith('Your selected offer'),
  );

/** Objects under the prefix in the test S3 (moto answers unsigned list requests). */
async function s3Keys(prefix: string): Promise<string[]> {
  const res = await fetch(`${inject('s3Endpoint')}/portal-documents?list-type=2&prefix=${encodeURIComponent(prefix)}`);
  return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
}

/** S3 keys are `applications/<id>/documents/<fileId>-<name>`, ContentVersion paths `<fileId>/<name>`. */
async function documentObjects(applicationId: string, versions: Record<string, unknown>[]) {
  const keys = await s3Keys(`applications/${applicationId}/documents/`);
  const recorded = new Set(versions.map((v) => String(v.PathOnClient).replace('/', '-')));
  const known = keys.filter((k) => recorded.has(k.split('/').pop()!));
  return { s3Documents: known.length, s3Orphans: keys.length - known.length };
}

export type Counts = {
  leads: number;
  opportunities: number;
  conversions: number;
  signRequests: number;
  signedApplications: number;
  contentVersions: number;
  contentVersionsPerFile: number;
  offerEmails: number;
  /** Document objects in S3 that a File row (and so a ContentVersion) stands for. */
  s3Documents: number;
  /** Document objects in S3 no File row stands for: a put that took effect, its upload then failed. */
  s3Orphans: number;
  s3ApplicationPdfs: number;
};

/** Every external side effect one application left, counted in the stand-ins, maildev and S3. */
export async function countEffects(stack: ResilienceStack, applicationId: string, email: string): Promise<Counts> {
  const leads = stack.crm.records('Lead').filter((l) => l.Portal_Application_Id__c === applicationId);
  const opps = stack.crm.records('Opportunity').filter((o) => o.Portal_Application_Id__c === applicationId);
  const oppIds = new Set(opps.map((o) => o.Id));
  const versions = stack.crm.records('ContentVersion').filter((v) => oppIds.has(v.FirstPublishLocationId));
  const perFile = new Map<string, number>();
  for (const v of versions) perFile.set(String(v.PathOnClient), (perFile.get(String(v.PathOnClient)) ?? 0) + 1);
  const folder = stack.esign.folders().find((f) => f.name === `application-${applicationId}`);
  const submission = stack.esign.folders().find((f) => f.name === 'submission' && f.parentId === folder?.id);
  return {
    leads: leads.length,
    opportunities: opps.length,
    conversions: leads.filter((l) => l.IsConverted).length,
    signRequests: stack.esign.requests().filter((r) => String(r.external_id ?? '').startsWith(`${applicationId}:`))
      .length,
    signedApplications: stack.esign
      .files()
      .filter((f) => f.name === 'signed-application.pdf' && submission && f.parentId === submission.id).length,
    contentVersions: versions.length,
    contentVersionsPerFile: Math.max(0, ...perFile.values()),
    offerEmails: (await offerMails(stack.maildevUrl, email)).length,
    ...(await documentObjects(applicationId, versions)),
    s3ApplicationPdfs: (await s3Keys(`applications/${applicationId}/signature/`)).length,
  };
}
export const EXPECTED: Counts = {
  leads: 1,
  opportunities: 1,
  conversions: 1,
  signRequests: 1,
  signedApplications: 1,
  contentVersions: 3,
  contentVersionsPerFile: 1,
  offerEmails: 1,
  s3Documents: 3,
  s3Orphans: 0,
  s3ApplicationPdfs: 1,
};

export type JourneyResult = {
  applicationId: string;
  email: string;
  counts: Counts;
  faultsMet: Record<string, boolean>;
  leadIntact: boolean;
  seconds: number;
  /** Seconds each step took, to see where a fault costs time. */
  stepSeconds: Partial<Record<Step, number>>;
};

const statementFields = (applicationId: string, monthLabel: string) => ({
  applicationId,
  fileType: 'Bank Statement',
  monthLabel,
});

/**
 * The whole journey for one applicant. `before(step)` runs before each step (arm a fault, kill a process)
 * and answers checks run once the step is through (was the fault met?).
 */
export async function runJourney(
  stack: ResilienceStack,
  name: string,
  before: (step: Step) => Record<string, () => boolean> | void | Promise<Record<string, () => boolean> | void> = () =>
    undefined,
): Promise<JourneyResult> {
  const started = Date.now();
  const faultsMet: Record<string, boolean> = {};
  const stepSeconds: JourneyResult['stepSeconds'] = {};
  let step: Step | undefined;
  let stepStarted = started;
  const settle = (checks: Record<string, () => boolean> | void) => {
    for (const [k, met] of Object.entries(checks ?? {})) faultsMet[k] = met();
    if (step) stepSeconds[step] = (Date.now() - stepStarted) / 1000;
  };
  const enter = (s: Step) => {
    step = s;
    stepStarted = Date.now();
    return before(s);
  };
  const pdf = await onePagePdf();

  let checks = await enter('signUp');
  const { client, applicationId, email } = await stack.applicant(name);
  const lead = () => stack.crm.records('Lead').find((l) => l.Portal_Application_Id__c === applicationId);
  await waitFor('the lead', lead, (l) => !!l);
  settle(checks);

  checks = await enter('answers');
  await retrying('answers', async () => {
    await saveAnswers(client, applicationId, [ownerAnswers(email)]);
    return { status: 200 };
  });
  // The workflow writes them to the lead in the background (merged, retried).
  await waitFor('the answers on the lead', lead, (l) => l?.Company === 'Analytical Engines LLC' && !!l.AnnualRevenue);
  settle(checks);

  checks = await enter('sign');
  // Each press names the page it is pressed on, and a press again after an error names the same one.
  const pressNext = async (what: string) => {
    const stage = (await retrying('read the stage', () => client.get(`/stage/${applicationId}`))).body;
    const from = { pageName: stage.pageName as string, pageStep: stage.pageStep as number };
    return retrying(what, () => stepOnFrom(client, applicationId, from));
  };
  for (let i = 0; i < 4; i++) await pressNext('step on');
  const signing = await retrying('sign', () => client.post('/box/sign', { applicationId }));
  const { id, signers } = signing.body.data as { id: string; signers: { embedUrl: string }[] };
  await fetch(signers[0]!.embedUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision: 'signed' }),
    redirect: 'manual',
  });
  await waitFor(
    'the signature',
    async () => (await client.get(`/box/${id}`)).body.data?.signed,
    (v) => v === true,
  );
  const moved = await pressNext('to bank statements');
  if (moved.body.path !== '/bank-statements') throw new Error(`after signing: ${JSON.stringify(moved.body)}`);
  settle(checks);

  checks = await enter('statements');
  for (const month of ['October 2026', 'September 2026'])
    await retrying(
      `statement ${month}`,
      () =>
        client.upload('/file/s3', statementFields(applicationId, month), {
          name: 'statement.pdf',
          type: 'application/pdf',
          bytes: pdf,
        }),
      (s) => s === 201,
    );
  settle(checks);

  checks = await enter('submitStatements');
  const submitted = await retrying('submit statements', () =>
    client.post(`/application/${applicationId}/submit-statements`),
  );
  const opportunityId = submitted.body.data.sfOpportunityId as string;
  await waitFor(
    'the statements on the opportunity',
    () => stack.crm.records('ContentVersion').filter((v) => v.FirstPublishLocationId === opportunityId),
    (v) => v.length >= 2,
  );
  settle(checks);

  checks = await enter('offers');
  const priced = await retrying('offers', () => client.post('/offer', { applicationId }));
  await retrying('choose', () =>
    client.patch(`/offer/${priced.body.data._id}`, { applicationId, selectedId: 'std-12' }),
  );
  settle(checks);

  checks = await enter('submitApplication');
  await retrying(
    'voided check',
    () =>
      client.upload(
        '/file/s3',
        { applicationId, fileType: 'Voided Check' },
        {
          name: 'check.pdf',
          type: 'application/pdf',
          bytes: pdf,
        },
      ),
    (s) => s === 201,
  );
  const body = { voidedCheck: 'uploaded', driversLicense: 'notAvailable' };
  const done = await retrying('submit application', () =>
    client.post(`/application/${applicationId}/submit-application`, body),
  );
  if (done.body.data.repName !== 'Jordan Rivera') throw new Error(`submitted: ${JSON.stringify(done.body)}`);
  await waitFor(
    'the offer email',
    () => offerMails(stack.maildevUrl, email),
    (m) => m.length >= 1,
  );
  await waitFor(
    'the voided check on the opportunity',
    () => stack.crm.records('ContentVersion').filter((v) => v.FirstPublishLocationId === opportunityId),
    (v) => v.length >= 3,
  );
  settle(checks);

  // Anything still retrying in the background would show up now: wait a moment before counting.
  await holdFor(1500, 'a retry still running in the background would write within this window');
  const l = lead()!;
  const applicationView = (await client.get(`/business/application/${applicationId}`)).body;
  const leadIntact =
    l.Company === 'Analytical Engines LLC' &&
    Number(l.AnnualRevenue) === 1_200_000 &&
    l.Email === email &&
    JSON.stringify(applicationView).includes('Analytical Engines LLC') &&
    FINANCIAL_ANSWERS.annualRevenue === '$1,200,000';
  return {
    applicationId,
    email,
    counts: await countEffects(stack, applicationId, email),
    faultsMet,
    leadIntact,
    seconds: (Date.now() - started) / 1000,
    stepSeconds,
  };
}

/** A journey with the fault class aimed, step by step, at every target of the step. */
export function faultEveryTarget(stack: ResilienceStack, cls: FaultClass, targets = TARGETS) {
  return (step: Step) => {
    const checks: Record<string, () => boolean> = {};
    const mine = targets.filter((t) => t.step === step);
    // An outage cuts the whole service: one per service and step.
    const seen = new Set<string>();
    for (const t of mine) {
      if (cls === 'outage' && seen.has(t.service)) {
        checks[t.activity] = () => true;
        continue;
      }
      seen.add(t.service);
      checks[t.activity] = arm(stack, cls, t);
    }
    return checks;
  };
}
