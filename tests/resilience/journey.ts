// One applicant's whole journey through the api, step by step, with a hook before each step that aims a
// fault at the activity the step sets off (the targets: targets.ts; the count
// of every side effect it left: effects.ts).
import { FINANCIAL_ANSWERS, stepOnFrom } from '../support/journey';
import { holdFor, until } from '../support/until';
import { countEffects, offerMails, type Counts } from './effects';
import { onePagePdf, ownerAnswers, retrying, saveAnswers, waitFor, type ResilienceStack } from './support';
import type { Step } from './targets';

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
  // The step's effect can be seen before the fault's own hook has run (the stand-in stores the lead before
  // the proxy passes its answer on), so a check not met yet is given a moment to be.
  const settle = async (checks: Record<string, () => boolean> | void) => {
    if (step) stepSeconds[step] = (Date.now() - stepStarted) / 1000;
    for (const [k, met] of Object.entries(checks ?? {}))
      faultsMet[k] = await until(met, Boolean, { ms: 5000, what: k }).catch(() => false);
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
  await settle(checks);

  checks = await enter('answers');
  await retrying('answers', async () => {
    await saveAnswers(client, applicationId, [ownerAnswers(email)]);
    return { status: 200 };
  });
  // The workflow writes them to the lead in the background (merged, retried).
  await waitFor('the answers on the lead', lead, (l) => l?.Company === 'Analytical Engines LLC' && !!l.AnnualRevenue);
  await settle(checks);

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
  // Signed, the workflow moved the journey on by itself; the status read had the saved stage follow.
  const moved = await retrying('read the stage', () => client.get(`/stage/${applicationId}`));
  if (moved.body.path !== '/bank-statements') throw new Error(`after signing: ${JSON.stringify(moved.body)}`);
  await settle(checks);

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
  await settle(checks);

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
  await settle(checks);

  checks = await enter('offers');
  const priced = await retrying('offers', () => client.post('/offer', { applicationId }));
  await retrying('choose', () =>
    client.patch(`/offer/${priced.body.data._id}`, { applicationId, selectedId: 'std-12' }),
  );
  await settle(checks);

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
  await settle(checks);

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
