// No query on an applicant's path may scan a whole collection: one whole journey (sign-up to a submitted application
// and its offer email) through the api, with the workflow and the worker running, FerretDB behind a proxy
// that keeps every query the api and the worker send (tests/support/mongo-query-log.ts). Each distinct
// query is put to FerretDB's `explain`; the test fails on any whose filter is read by scanning its
// collection, naming the collection, the command and the filter. On FerretDB v1.24 only an `_id` equality
// is served by an index, so every find/update/delete on the path filters by `_id` or reads a keyed lookup
// document (one whose `_id` names the key).
//
// Scans this test found on the journey before, and what replaced them:
//   files.find({ applicationId })               (listing, document names, `has` at submission) → the keyed
//                                               lookup `applicationfiles` (`_id` the application's id, its
//                                               file ids), then each file by `_id` (files/application-files.ts)
//   files.find({ applicationId, fileType })     (submit-application's voided check) → the same list
//   applications.find({ signatureId })          (the Box webhook) → `signatures` (`_id` the request's id →
//                                               its application), written by the worker's prepareSignRequest,
//                                               then the application by `_id`
//   workflowoutbox.find({ applicationId })      (every signal: 'entries waiting?') → `workflowoutboxapps`
//                                               (`_id` the application's id), set with each entry and removed
//                                               with the newest one
//   files.find({ applicationId, fileType })     (offers' affordability from the statements) → the keyed list
//   ratelimits.find({ bucket }), delete({ expiresAt })      (the rate limiter's slots and their sweep) →
//                                               `ratelimitcounts`: a document per minute of expiry and
//                                               shard, each window's count a field, taken by a conditional
//                                               `$inc` by `_id`; the sweep deletes passed minutes by `_id`
//   authfailures.aggregate/find/delete({ key … }) (failure counts, the last failure, clearing, the sweep)
//                                               → one document per key (`k:<key>`) and an hourly list of
//                                               keys to sweep (`h:<hour>`) (common/rate-limit.ts)
//   revocations.find/delete({ revokedAt })      (the poll, once a second per replica, and its prune) → one
//                                               document per minute (`m:<minute>`), read and pruned by `_id`
//   workflowoutbox.find()                       (the drain's timer) → `workflowoutboxlist` ('waiting': the
//                                               applications), each marker's entries, each entry by `_id`
//   banklinks.findOne({ applicationId })        (the bank-statements page's status read) → the link's `_id`
//                                               is its application's id (bank/bank-link.schema.ts)
// tools/migrate moves data written before. Nothing is excused: any scan fails the test.
//
// The same journey counts the api's database round trips per call, so that a change that
// adds FerretDB reads or writes to an api call is seen: the api talks to FerretDB through a port of the proxy of its own, each command is
// charged to the api call under way (tests/support/db-calls.ts), and the second test holds each route and
// the whole journey to BUDGET below.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { signUpWithUser, type ApiClient } from '../../tests/support/api-client';
import { mailsTo } from '../../tests/support/maildev';
import { ownerAnswers, saveAnswers, stepOnFrom } from '../../tests/support/journey';
import { chargeCalls, formatCosts, type RouteCost } from '../../tests/support/db-calls';
import { startQueryLog, type QueryLog } from '../../tests/support/mongo-query-log';
import { BUDGET, JOURNEY_BUDGET, TIMED, isPeriodic } from './journey-budget.spec-setup';
import { onePagePdf } from '../../tests/support/pdf-fixtures';
import { startSlice } from '../../tests/support/slice';
import { until } from '../../tests/support/until';
import { workflowClient } from '../../tests/support/histories';
import { applicationWorkflowId, type ProgressAnswer } from '@portal/workflows';

let log: QueryLog;
let slice: Awaited<ReturnType<typeof startSlice>>;
const db = `portal-it-scans-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  log = await startQueryLog(inject('mongoBaseUri'));
  // The api through a port of its own, to tell its commands from the worker's.
  const apiUri = await log.listen('api');
  slice = await startSlice({ env: { MONGODB_URI: `${log.uri}/${db}` }, apiEnv: { MONGODB_URI: `${apiUri}/${db}` } });
});

afterAll(async () => {
  await slice?.close();
  await log?.close();
});

/** The api's commands per call of the journey (the first test fills it). */
let routes: RouteCost[] = [];

/** What a page's drafts cost as the applicant types: the financial page's read and save, the owners' save (an SSN typed, no mask). */
async function typeDrafts(client: ApiClient, applicationId: string) {
  expect((await client.get(`/draft/${applicationId}/financial`)).status).toBe(200);
  const financial = await client.call('PUT', `/draft/${applicationId}/financial`, {
    fields: { annualRevenue: '120000' },
  });
  expect(financial.status).toBe(204);
  const owners = { owners: [{ firstName: 'Ada', lastName: 'Lovelace', ssn: '123-45-6789' }] };
  expect((await client.call('PUT', `/draft/${applicationId}/owners`, { fields: owners })).status).toBe(204);
}

async function pressNext(client: ApiClient, applicationId: string) {
  const { pageName, pageStep } = (await client.get(`/stage/${applicationId}`)).body;
  const res = await stepOnFrom(client, applicationId, { pageName, pageStep });
  expect(res.status).toBe(200);
  return res.body as { path: string };
}

/**
 * Signs on the Box stand-in's page, waits for Box's webhook to be handled (its commands are its own, not a
 * poll's) and the signature known: the journey is on /bank-statements, no move asked.
 */
async function signAndMoveOn(client: ApiClient, applicationId: string, charged: { idle: () => boolean }) {
  const signing = await client.post('/box/sign', { applicationId });
  expect(signing.status).toBe(200);
  const { id, signers } = signing.body.data as { id: string; signers: { embedUrl: string }[] };
  await fetch(signers[0]!.embedUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision: 'signed' }),
    redirect: 'manual',
  });
  await until(
    () =>
      charged.idle() &&
      log.commands.some((c) => c.tag === 'api' && c.collection === 'signatures' && c.command === 'find'),
    Boolean,
    { what: 'the webhook handled' },
  );
  await until(
    async () => (await client.get(`/box/${id}`)).body.data,
    (d) => d.signed === true,
  );
  // The workflow moved the journey on when it heard the signature; the status read had the saved stage follow.
  expect((await client.get(`/stage/${applicationId}`)).body.path).toBe('/bank-statements');
}

type Upload = { name: string; type: string; bytes: Uint8Array };

/** Reads the bank's status, uploads two months' bank statements, lists the files and submits the statements. */
async function submitStatements(client: ApiClient, applicationId: string, file: Upload) {
  // The bank-statements page asks first whether a bank is connected (no: most applicants upload).
  const bank = await client.get(`/bank/application/${applicationId}`);
  expect(bank.status).toBe(200);
  expect(bank.body.data).toMatchObject({ connected: false });
  for (const monthLabel of ['October 2026', 'September 2026']) {
    const res = await client.upload('/file/s3', { applicationId, fileType: 'Bank Statement', monthLabel }, file);
    expect(res.status).toBe(201);
  }
  expect((await client.get(`/file/application/${applicationId}`)).status).toBe(200);
  const submitted = await client.post(`/application/${applicationId}/submit-statements`);
  expect(submitted.status).toBe(200);
}

/**
 * Prices the offers, chooses one, uploads the voided check and submits the application; then waits for the
 * worker's last steps (the offer email sent, the application recorded as submitted).
 */
async function chooseAndSubmit(client: ApiClient, applicationId: string, file: Upload, email: string) {
  const priced = await client.post('/offer', { applicationId });
  expect(priced.status).toBe(200);
  const chosen = await client.patch(`/offer/${priced.body.data._id}`, { applicationId, selectedId: 'std-12' });
  expect(chosen.status).toBe(200);
  const check = await client.upload(
    '/file/s3',
    { applicationId, fileType: 'Voided Check' },
    { ...file, name: 'check.pdf' },
  );
  expect(check.status).toBe(201);
  const done = await client.post(`/application/${applicationId}/submit-application`, {
    voidedCheck: 'uploaded',
    driversLicense: 'notAvailable',
  });
  expect(done.status).toBe(200);
  await until(
    async () => (await mailsTo(slice.maildevUrl, email)).map((m) => m.subject),
    (subjects) => subjects.some((s) => s.startsWith('Your selected offer')),
  );
}

/** The status page and the booking view after the submission, once the workflow's run has closed. */
async function readAfterClose(client: ApiClient, applicationId: string) {
  const temporal = await workflowClient(slice.env.TEMPORAL_ADDRESS, slice.dataConverter);
  const handle = temporal.workflow.getHandle(applicationWorkflowId(applicationId));
  await until(
    async () => (await handle.describe()).status.name,
    (s) => s === 'COMPLETED',
    { ms: 30_000 },
  );
  // The opportunity from the run's result (its final progress), not a call of the applicant's.
  const { sfOpportunityId } = (await handle.result()) as ProgressAnswer;
  await temporal.connection.close();
  for (let i = 0; i < 3; i++) {
    expect((await client.get(`/application/${applicationId}/progress`)).body.ended).toBe('submitted');
    expect((await client.get(`/salesforce/opportunity/calandly/${sfOpportunityId}`)).status).toBe(200);
  }
}

describe('an applicant’s whole journey', () => {
  it('reads nothing from FerretDB by scanning a collection', async () => {
    // What the api and worker did at start-up (indexes, migrations) is not the applicant's path.
    log.queries.length = 0;
    const charged = chargeCalls(log, slice.baseUrl, 'api', isPeriodic);
    const email = `scan-${randomUUID().slice(0, 6)}`;
    const { client, user } = await signUpWithUser(slice.baseUrl, slice.maildevUrl, email, '10.26.0.1');
    const applicationId = user.applications[0]!._id;
    await typeDrafts(client, applicationId);
    await saveAnswers(client, applicationId, [ownerAnswers(`${email}@example.com`)]);
    for (let i = 0; i < 4; i++) await pressNext(client, applicationId);
    // Box's webhook handled before the applicant's page asks.
    await signAndMoveOn(client, applicationId, charged);
    const file = { name: 'statement.pdf', type: 'application/pdf', bytes: await onePagePdf() };
    await submitStatements(client, applicationId, file);
    await chooseAndSubmit(client, applicationId, file, `${email}@example.com`);
    await readAfterClose(client, applicationId);

    charged.stop();
    routes = charged.table().routes;
    console.log(`database commands per api call:\n${formatCosts(routes)}`);
    if (process.env.DB_CALLS_DETAIL) console.log(JSON.stringify(routes.map((r) => [r.route, r.detail])));

    const seen = () => new Set(log.queries.filter((q) => q.db === db).map((q) => `${q.collection}.${q.command}`));
    // The housekeeping that used to scan runs on its own timers, beside the journey: each must have run
    // (and is then explained like the rest) before the scans are judged.
    const housekeeping = [
      'ratelimitcounts.update',
      'ratelimitcounts.delete',
      'authfailures.find',
      'revocations.find',
      'revocations.delete',
      'workflowoutboxlist.find',
    ];
    const commands = await until(seen, (s) => housekeeping.every((c) => s.has(c)), {
      ms: 30_000,
      what: `the housekeeping's commands (${housekeeping.join(', ')})`,
    });
    expect(commands.size).toBeGreaterThan(10);
    const scans = (await log.scans(db)).map(
      ({ query, plan }) =>
        `${query.collection}.${query.command}(${JSON.stringify(query.filter)}) read by ${plan.join('; ')}`,
    );
    expect(scans).toEqual([]);
  });

  it('spends no more database round trips per api call than its budget', () => {
    expect(routes.length).toBeGreaterThan(10);
    const over = routes
      .filter((r) => r.maxTrips > (BUDGET[r.route] ?? 0))
      .map((r) => `${r.route}: ${r.maxTrips} round trips (budget ${BUDGET[r.route] ?? 'none'})`);
    expect(over).toEqual([]);
    // The status poll after the first reads the application alone (the owners' names kept on it), and the
    // view it builds from that closed record, which never changes again, is kept: the next reads nothing.
    const polls = routes.find((r) => r.route === 'GET /application/:id/progress')?.detail ?? [];
    expect(polls.slice(1)).toEqual([['applications.findOne'], []]);
    const total = routes.filter((r) => !TIMED.includes(r.route)).reduce((n, r) => n + r.trips, 0);
    expect(total, 'round trips of the whole journey').toBeLessThanOrEqual(JOURNEY_BUDGET);
  });
});
