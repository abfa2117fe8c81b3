// Where a fault can be aimed: the journey's steps, the activity each sets off and the service it calls; arming
// a fault class at one of them, or at every target of a step.
import type { Match } from '../support/fault-proxy';
import { DELAYS, FAULT_CLASSES, type FaultClass, type ResilienceStack, type Services } from './support';

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
export type Target = {
  activity: string;
  service: Services;
  match: Match;
  step: Step;
  /** How many times the call is tried, when it is not retried as the rest are: a burst is cut to that. */
  tries?: number;
};
export const TARGETS: Target[] = [
  {
    activity: 'createCrmLead',
    service: 'crm',
    // The lead made and its owner read back in one composite call (the only one of the sign-up).
    match: { method: 'POST', path: /\/composite\/?$/ },
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
    activity: 'uploadContentVersions',
    service: 'crm',
    // A round's copies go in one sObject Collections request.
    match: { method: 'POST', path: /\/composite\/sobjects\/?$/ },
    step: 'submitStatements',
  },
  {
    activity: 'uploadContentVersions: S3 read',
    service: 's3',
    match: { method: 'GET', path: /\/documents\/.*\.pdf/ },
    step: 'submitStatements',
  },
  // Priced with the statements' submission, one try: a fault there leaves the pricing to the offers page's
  // load, which asks the workflow (retried as before).
  {
    activity: 'calculateOffers',
    service: 'offers',
    match: { method: 'POST', path: /^\/offers/ },
    step: 'submitStatements',
    tries: 1,
  },
  {
    activity: "uploadContentVersions: the final submission's (local)",
    service: 'crm',
    // The voided check copied within the final submission, before the opportunity is submitted.
    match: { method: 'POST', path: /\/composite\/sobjects\/?$/ },
    step: 'submitApplication',
  },
  {
    activity: 'submitOpportunity',
    service: 'crm',
    // The stage written and the rep read in one composite call (the only one of the final submission).
    match: { method: 'POST', path: /\/composite\/?$/ },
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
  proxy.inject(match, f, Math.min(times, t.tries ?? times));
  return () => proxy.armed() === 0;
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
