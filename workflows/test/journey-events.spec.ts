// Temporal round trips per journey. One whole journey, as the bench walks it (sign-up, answers, four stage
// moves, signature, bank statements, offers, voided check, submission), through the api with the real
// worker and activities, on the integration project's Temporal dev server (not the time-skipping test
// server, which writes workflow tasks of its own around each update where a real server writes none; no
// timer needs to fire here). Its history is counted by event type, and kept as the replay history of the
// full journey. Each step waits until the workflow has taken in what it was sent (queried, never timed);
// what still varies is how the api's messages come together (see JOURNEY_BOUNDS).
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFileName, statementMonths } from '@portal/libs';
import { applicationWorkflowId, getProgress } from '../src';
import { signUpAndConfirm, type ApiClient } from '../../tests/support/api-client';
import {
  DETAILS_ANSWERS,
  FINANCIAL_ANSWERS,
  QUESTION_ANSWERS,
  ownerAnswers,
  stepOn,
  stepOnFrom,
} from '../../tests/support/journey';
import { onePagePdf } from '../../tests/support/pdf-fixtures';
import { startSlice } from '../../tests/support/slice';
import { until } from '../../tests/support/until';
import { eventList } from '../../tests/support/event-list';
import { recordHistory } from './record-history';

let slice: Awaited<ReturnType<typeof startSlice>>;
let client: Client;

beforeAll(async () => {
  slice = await startSlice();
  client = new Client({
    connection: await Connection.connect({ address: slice.env.TEMPORAL_ADDRESS }),
    dataConverter: slice.dataConverter,
  });
});

afterAll(async () => {
  await client?.connection.close();
  await slice?.close();
});

const E = temporal.api.enums.v1.EventType;
type Counts = {
  events: number;
  workflowTasks: number;
  activities: number;
  localActivities: number;
  upserts: number;
  timers: number;
  markers: number;
  signals: number;
  updates: number;
};

/** The history's events by what they cost: workflow tasks, activities, upserts, timers, markers, messages. */
export function countEvents(history: temporal.api.history.v1.IHistory): Counts {
  const events = history.events ?? [];
  const of = (t: temporal.api.enums.v1.EventType) => events.filter((e) => e.eventType === t).length;
  const markers = events.filter((e) => e.eventType === E.EVENT_TYPE_MARKER_RECORDED);
  return {
    events: events.length,
    workflowTasks: of(E.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED),
    activities: of(E.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED),
    localActivities: markers.filter((m) => m.markerRecordedEventAttributes?.markerName === 'core_local_activity')
      .length,
    upserts: of(E.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES),
    timers: of(E.EVENT_TYPE_TIMER_STARTED),
    markers: markers.length,
    signals: of(E.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED),
    updates: of(E.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED),
  };
}

/** Until the workflow has written every lead change and (once there is an opportunity) copied every document. */
const settled = (h: WorkflowHandle) =>
  until(
    () => h.query(getProgress),
    (p) => (p.pendingLeadFields ?? 0) === 0 && (!p.sfOpportunityId || (p.pendingDocuments ?? 0) === 0),
    { ms: 20_000 },
  );

/** One page's answers saved, then its move on (the lead changes of the save go with the move). */
async function page(c: ApiClient, applicationId: string, save: () => Promise<{ status: number }>) {
  expect((await save()).status).toBe(200);
  expect((await stepOn(c, applicationId)).status).toBe(200);
}

/**
 * The browser's journey (tests/bench/browser/journey.ts), step by step, as it reaches the workflow: each form
 * page's save and its move, the signature (the journey moved on by the workflow, the status read saying
 * where), every statement month the business's state asks for (three for Texas), the statements'
 * submission (the web lands where it answered), the move from the offer's choice to the last step, the
 * voided check and the submission that carries it.
 */
async function journey(c: ApiClient, statement: Uint8Array) {
  const applicationId = (await c.get('/auth/user')).body.data.applications[0]._id as string;
  const email = (await c.get('/auth/user')).body.data.email as string;
  const handle = client.workflow.getHandle(applicationWorkflowId(applicationId));
  await until(
    () => handle.query(getProgress),
    (p) => !!p.sfLeadId,
    { ms: 20_000 },
  );
  const businessId = (await c.get(`/business/application/${applicationId}`)).body._id as string;
  for (const answers of [FINANCIAL_ANSWERS, QUESTION_ANSWERS, DETAILS_ANSWERS])
    await page(c, applicationId, () => c.patch(`/business/${businessId}`, answers));
  const setId = (await c.post('/owner', { applicationId })).body._id as string;
  expect((await c.patch(`/owner/${setId}`, { owners: [ownerAnswers(email)] })).status).toBe(200);
  // The owners page's Continue: how long its move takes to answer (it starts the signing, which calls Box).
  const moved = performance.now();
  expect((await stepOn(c, applicationId)).status).toBe(200);
  const signAt = performance.now();
  if (process.env.JOURNEY_EVENTS === '1') console.log(`owners' Continue answered in ${Math.round(signAt - moved)} ms`);
  const signing = await c.post('/box/sign', { applicationId });
  if (process.env.JOURNEY_EVENTS === '1')
    console.log(`POST /box/sign answered in ${Math.round(performance.now() - signAt)} ms`);
  expect(signing.status).toBe(200);
  const { id, signers } = signing.body.data as { id: string; signers: { embedUrl: string }[] };
  await fetch(signers[0]!.embedUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision: 'signed' }),
    redirect: 'manual',
  });
  // The workflow moves the journey on when it hears the signature: the status read says where, and the
  // journey machine lands there (no stage move of its own).
  const signed = await until(
    async () => (await c.get(`/box/${id}`)).body.data,
    (d) => d.signed === true,
    { ms: 20_000 },
  );
  expect(signed.stage).toMatchObject({ pageName: 'DOCUMENTS', pageStep: 1 });
  const months = statementMonths(DETAILS_ANSWERS.state, new Date());
  expect(months).toHaveLength(3);
  for (const monthLabel of months) {
    const up = await c.upload(
      '/file/s3',
      { applicationId, fileType: 'Bank Statement', monthLabel },
      { name: 'statement.pdf', type: 'application/pdf', bytes: statement },
    );
    expect(up.status).toBe(201);
  }
  // The statements go to the workflow with their submission, not one signal each; the journey machine
  // lands where its answer says (no stage move of its own).
  const submitted = await c.post(`/application/${applicationId}/submit-statements`);
  expect(submitted.body.data.stage).toMatchObject({ pageName: 'DOCUMENTS', pageStep: 2 });
  await settled(handle);
  const offer = await c.post('/offer', { applicationId });
  expect(offer.status).toBe(200);
  expect((await c.patch(`/offer/${offer.body.data._id}`, { applicationId, selectedId: 'std-12' })).status).toBe(200);
  // From the offer's choice to the last documents (DOCUMENTS 2 -> 3), as the offers page moves.
  expect((await stepOnFrom(c, applicationId, { pageName: 'DOCUMENTS', pageStep: 2 })).body).toMatchObject({
    pageName: 'DOCUMENTS',
    pageStep: 3,
  });
  const check = await c.upload(
    '/file/s3',
    { applicationId, fileType: 'Voided Check' },
    { name: 'check.pdf', type: 'application/pdf', bytes: statement },
  );
  expect(check.status).toBe(201);
  // The workflow is not told of the voided check: it goes with the submission, copied before it.
  const done = await c.post(`/application/${applicationId}/submit-application`, {
    voidedCheck: 'uploaded',
    driversLicense: 'notAvailable',
  });
  expect(done.status).toBe(200);
  // Every document reached the opportunity, the voided check with the submission.
  const { sfOpportunityId } = await handle.result();
  const copies = slice.crm
    .records('ContentVersion')
    .filter((r) => r.FirstPublishLocationId === sfOpportunityId)
    .map((r) => String(r.PathOnClient).split('/')[1]);
  expect(copies.sort()).toEqual(
    [...months.map((m) => documentFileName('Bank Statement', m)), 'voided-check.pdf'].sort(),
  );
  return handle;
}

/**
 * What the browser's journey may cost in its history. The lead changes of each page's save go with its
 * stage move (none alone while the move follows within two seconds); the bank statements go with their
 * submission, the voided check and the driver's license with the final submission (no signal on upload);
 * the workflow moves the journey on from the signature in the task that hears it, and the web lands where
 * the signature's status read and the statements' submission answered (no move of its own after either);
 * only Box's final event signals. One activity task: the statements' copy (the documents' own task queue,
 * the three statements together); the voided check is copied within the final submission before the
 * opportunity is submitted, a local activity in its workflow task; every other call is local too. The bound
 * leaves room for one lead hand-over by signal (a move later than two seconds after the last save on a
 * loaded machine: a signal, a workflow task and a local activity), and one workflow task more: in a full
 * `npm test` (load average about 15) a message reached the workflow in a task of its own (87 events, 13
 * workflow tasks, 2 signals, 2026-11-30). The offers are priced in the statements' submission's workflow
 * task, and the offers page's load is answered by the api from that pricing (no calculateOffers update);
 * the signing is started in the move onto the signature's workflow task, and the signature page is
 * answered by the api from that move's answer (no startSigning update). The move from the offer's choice (DOCUMENTS 2 -> 3) stays an update of its own: operators'
 * ApplicationStep and the status page say step 3 while the applicant sits there, and no other message
 * reaches the workflow then. The lead's creation, the sign request and the conversion keep the ids they
 * get on the application record themselves: one local activity each. The local activities besides the
 * lead's changes (whose count follows how the saves come together) are held to the 9 the journey makes:
 * the lead, the sign request and its read, the conversion, the signed copy, the offers, the voided check's
 * copy, the opportunity's submission and the offer email; nothing that only saves what another made.
 * Measured: 75 events (10 workflow tasks, 1 activity task, 13 local activities, 9 upserts, 1 signal, 7
 * updates); 80 before (the voided check's copy an activity task, and a workflow task for its answer); 83 before (a local activity after each of those three that only saved the id); 93 before (the signing on the signature page's load: a
 * workflow task, the update and an upsert of its own; the voided check's documentUploaded signal and its
 * workflow task); 98 before that (the offers' pricing on the page's load: a workflow task and the update);
 * 104 before that (the move after the signature: a workflow task, the update and an upsert); 126 before
 * that (19 workflow tasks, 5 activity tasks, 11 updates: a copy task per document, the opportunity's final
 * update as a task, the move after the statements' submission).
 */
const JOURNEY_BOUNDS = {
  events: 89,
  workflowTasks: 13,
  activities: 1,
  callsBesideLeadChanges: 9,
  upserts: 10,
  signals: 2,
  updates: 7,
};

/** The signals' names and where the last copy and the opportunity's submission come, in history order. */
function signalsAndOrder(history: temporal.api.history.v1.IHistory) {
  const list = eventList(history);
  return {
    signals: (history.events ?? []).flatMap((e) => e.workflowExecutionSignaledEventAttributes?.signalName ?? []),
    lastCopyDone: list.findLastIndex((e) => e.includes('MARKER_RECORDED uploadContentVersions')),
    submitted: list.findIndex((e) => e.includes('MARKER_RECORDED submitOpportunity')),
  };
}

describe('a whole journey’s Temporal history', () => {
  it(`takes at most ${JOURNEY_BOUNDS.events} events: few workflow tasks, activity tasks and upserts`, async () => {
    const c = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'events-ada', '10.26.0.1');
    const handle = await journey(c, await onePagePdf());
    await recordHistory(handle, 'application-journey.pb');
    const counts = countEvents(await handle.fetchHistory());
    const said = `the journey's history: ${JSON.stringify(counts)}`;
    console.log(said);
    if (process.env.JOURNEY_EVENTS === '1') console.log(eventList(await handle.fetchHistory()).join('\n'));
    expect(counts.events, said).toBeLessThanOrEqual(JOURNEY_BOUNDS.events);
    expect(counts.workflowTasks, said).toBeLessThanOrEqual(JOURNEY_BOUNDS.workflowTasks);
    expect(counts.activities, said).toBeLessThanOrEqual(JOURNEY_BOUNDS.activities);
    const calls = eventList(await handle.fetchHistory()).filter(
      (e) => e.includes('MARKER_RECORDED') && !e.endsWith(' updateCrmLead'),
    );
    expect(calls.length, calls.join('; ')).toBeLessThanOrEqual(JOURNEY_BOUNDS.callsBesideLeadChanges);
    expect(counts.upserts, said).toBeLessThanOrEqual(JOURNEY_BOUNDS.upserts);
    // Signals: Box's final event (and at most one lead hand-over of its own); never a document's.
    expect(counts.signals, said).toBeLessThanOrEqual(JOURNEY_BOUNDS.signals);
    const order = signalsAndOrder(await handle.fetchHistory());
    expect(order.signals.filter((n) => n !== 'updateLead')).toEqual(['signRequestEvent']);
    // The voided check's copy is done (a local activity's marker) before the opportunity is submitted.
    expect(order.lastCopyDone).toBeGreaterThan(-1);
    expect(order.lastCopyDone).toBeLessThan(order.submitted);
    // Updates: five moves (the signing started with the one onto the signature), the statements and the
    // submission; none for the signature page, after the signature nor after a submission, nor for the
    // offers (priced with the statements).
    expect(counts.updates, said).toBeLessThanOrEqual(JOURNEY_BOUNDS.updates);
  });
});
