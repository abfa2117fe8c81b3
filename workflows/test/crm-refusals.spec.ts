// Every CRM refusal is survivable and visible, in skipped time. Temporal's time-skipping test
// server with the real worker and activities (the CRM stand-in through jsforce, MongoDB); the CRM
// stand-in refuses as Salesforce does (a dot-leading email) or answers what a test queues (/__admin/fail-next).
import { type WorkflowHandle } from '@temporalio/client';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_SECTIONS, COLLECTIONS, type JourneyPosition } from '@portal/libs';
import {
  APPLICATION_WORKFLOW_TYPE,
  applicationWorkflowId,
  documentUploaded,
  getProgress,
  moveStage,
  retryCrmSync,
  submitApplication,
  submitStatements,
  updateLead,
  type ApplicationWorkflowInput,
  type CarriedState,
} from '../src';
import { SA } from '../src/application/search-attribute-keys';
import { ofApplication, showsChange } from '../../tests/support/crm-lead';
import { until } from '../../tests/support/until';
import { recordHistory } from './record-history';
import { startSkippedTime, type SkippedTime } from './skipped-time';

let t: SkippedTime;
let env: SkippedTime['env'];
let slice: SkippedTime['slice'];
let client: SkippedTime['client'];
let mongo: SkippedTime['mongo'];

beforeAll(async () => {
  t = await startSkippedTime();
  ({ env, slice, client, mongo } = t);
});

afterAll(() => t?.close());

type Handle = WorkflowHandle;
const waitFor = <T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => until(read, ok, { ms: 20_000 });
const progressOf = (h: Handle) => h.query(getProgress);
const lastErrorOf = async (h: Handle) => (await h.describe()).typedSearchAttributes.get(SA.lastError);
const leadOf = (id: string) => ofApplication(slice.crm.records('Lead'), id);

/** Queues Salesforce errors for the CRM stand-in's next calls (method, part of the path). */
const failNext = (body: Record<string, unknown>) =>
  fetch(`${slice.crm.url}/__admin/fail-next`, { method: 'POST', body: JSON.stringify(body) });
const clearInjected = () => fetch(`${slice.crm.url}/__admin/clear-injected`, { method: 'POST' });

async function start(tag: string, extra: Partial<ApplicationWorkflowInput> = {}, email?: string) {
  const id = new ObjectId().toHexString();
  const handle = await client.workflow.start(APPLICATION_WORKFLOW_TYPE, {
    workflowId: applicationWorkflowId(id),
    taskQueue: slice.env.TEMPORAL_TASK_QUEUE,
    args: [
      {
        applicationId: id,
        lead: {
          applicationId: id,
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: email ?? `${tag}-${id.slice(-6)}@example.com`,
          phone: '+15550003333',
          company: 'Engines Ltd',
        },
        ...extra,
      },
    ],
  });
  return { id, handle };
}

/** A run that carries a signed application (as a run continued from one would), at the given step. */
const signedAt = (position: JourneyPosition, progress: Partial<CarriedState['progress']> = {}): CarriedState => ({
  progress: {
    position,
    signing: {
      attempt: 1,
      signed: true,
      request: {
        id: 'sr-carried',
        status: 'signed',
        signers: [
          { email: 'ada@example.com', order: 1, decision: 'signed', embedUrl: 'https://box.example/sign/live' },
        ],
      },
    },
    ...progress,
  },
  leadChanges: [],
  documents: [],
  ops: { lastProgressAt: Date.now(), remindersSent: 0, crmFailing: false },
  seenEvents: [],
  runs: 0,
});

describe('a refused lead creation, in skipped time', () => {
  it('is shown, holds the lead changes, lets the journey go on, and retryCrmSync with the fixed email creates the lead', async () => {
    const { id, handle } = await start('refused', {}, '.ada@example.com');
    await waitFor(
      () => lastErrorOf(handle),
      (e) => e === 'CRM_REJECTED:INVALID_EMAIL_ADDRESS',
    );
    const sa = (await handle.describe()).typedSearchAttributes;
    expect(sa.get(SA.crmSyncPending)).toBe(true);
    expect((await progressOf(handle)).operations).toMatchObject({
      pending: ['crm-lead'],
      lastError: { code: 'CRM_REJECTED', detail: 'INVALID_EMAIL_ADDRESS' },
    });

    // The applicant goes on; their answers wait for the lead, never sent without its id.
    await handle.signal(updateLead, { city: 'London', zip: 'N1 9GU' });
    const before = (await progressOf(handle)).position;
    const moved = await handle.executeUpdate(moveStage, { args: [{ to: 'next', answered: ANSWER_SECTIONS }] });
    expect(moved).not.toEqual(before);
    await env.sleep('6 hours');
    const held = await progressOf(handle);
    expect(held.pendingLeadFields).toBe(1);
    expect(held.sfLeadId).toBeUndefined();
    expect(await lastErrorOf(handle)).toBe('CRM_REJECTED:INVALID_EMAIL_ADDRESS'); // never CRM_UNAVAILABLE
    expect(leadOf(id)).toBeUndefined();

    // An operator corrects the email: the lead is created with it, then the held changes follow.
    await handle.signal(retryCrmSync, { lead: { email: 'ada@example.com' } });
    const after = await waitFor(
      () => progressOf(handle),
      (p) => !!p.sfLeadId && p.pendingLeadFields === 0,
    );
    expect(after.operations).toMatchObject({ status: 'InProgress', pending: [] });
    expect(after.operations?.lastError).toBeUndefined();
    expect(leadOf(id)).toMatchObject({ Email: 'ada@example.com' });
    expect(showsChange(leadOf(id), { city: 'London', zip: 'N1 9GU' })).toBe(true);
    const done = (await handle.describe()).typedSearchAttributes;
    expect(done.get(SA.crmSyncPending)).toBe(false);
    expect(done.get(SA.lastError)).toBeUndefined();
    await recordHistory(handle, 'application-lead-refused.pb');
  });
});

describe('a refused lead update, in skipped time', () => {
  it('is shown with its code and the next change still reaches the lead', async () => {
    const { id, handle } = await start('update');
    await waitFor(
      () => progressOf(handle),
      (p) => !!p.sfLeadId,
    );
    await failNext({ errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', method: 'PATCH', path: '/sobjects/Lead/' });
    await handle.signal(updateLead, { city: 'Nowhere' });
    await waitFor(
      () => lastErrorOf(handle),
      (e) => e === 'CRM_REJECTED:FIELD_CUSTOM_VALIDATION_EXCEPTION',
    );
    await handle.signal(updateLead, { zip: '10001' });
    await waitFor(
      () => progressOf(handle),
      (p) => p.pendingLeadFields === 0 && showsChange(leadOf(id), { zip: '10001' }),
    );
    expect(leadOf(id)?.City).toBeUndefined();
  });
});

describe('a refused conversion and document copy, in skipped time', () => {
  it('moves the statements on, converts on retryCrmSync, and a failing copy never holds back a lead update', async () => {
    const statements = { pageName: 'DOCUMENTS', pageStep: 1, path: '/bank-statements' } as const;
    const { id, handle } = await start('convert', { carried: signedAt(statements) });
    await waitFor(
      () => progressOf(handle),
      (p) => !!p.sfLeadId,
    );
    // Item 7: operators' getProgress shows each signer's status, never their live signing link.
    const signer = (await progressOf(handle)).signing?.request.signers[0];
    expect(signer).toEqual({ email: 'ada@example.com', order: 1, decision: 'signed', embedUrl: null });

    // The statements' own conversion and the CRM room's next try are both refused.
    await failNext({ errorCode: 'INVALID_STATUS', method: 'POST', path: '/services/Soap', count: 2 });
    const position = await handle.executeUpdate(submitStatements);
    expect(position).toMatchObject({ pageName: 'DOCUMENTS', pageStep: 2, path: '/offers' });
    await waitFor(
      () => lastErrorOf(handle),
      (e) => e === 'CRM_REJECTED:INVALID_STATUS',
    );
    await env.sleep('1 hour');
    const refused = await progressOf(handle);
    expect(refused.sfOpportunityId).toBeUndefined();
    expect(refused.operations?.pending).toContain('crm-conversion');
    expect((await handle.describe()).typedSearchAttributes.get(SA.crmSyncPending)).toBe(true);
    await clearInjected();

    await handle.signal(retryCrmSync);
    const converted = await waitFor(
      () => progressOf(handle),
      (p) => !!p.sfOpportunityId,
    );
    expect(converted.operations?.pending).not.toContain('crm-conversion');
    expect(converted.operations?.lastError).toBeUndefined();

    // A copy refused: shown with its code, dropped (the file is safe in S3).
    const file = async (name: string) => {
      const _id = new ObjectId();
      await mongo
        .db()
        .collection(COLLECTIONS.files)
        .insertOne({ _id, applicationId: new ObjectId(id) });
      return { fileId: _id.toHexString(), s3Key: `documents/${name}`, fileName: name, fileType: 'statement' };
    };
    await failNext({ errorCode: 'INSUFFICIENT_ACCESS_OR_READONLY', method: 'GET', path: '/query' });
    await handle.signal(documentUploaded, await file('refused.pdf'));
    await waitFor(
      () => lastErrorOf(handle),
      (e) => e === 'DOCUMENT_REFUSED:INSUFFICIENT_ACCESS_OR_READONLY',
    );
    expect((await progressOf(handle)).pendingDocuments).toBe(0);

    // A copy that keeps failing (the CRM's query down for it) while a lead change comes: the change goes
    // to the CRM at once (answered: the lead is converted, so refused), and the copy still waits its turn.
    await failNext({ errorCode: 'SERVER_UNAVAILABLE', status: 503, method: 'GET', path: '/query', count: 1000 });
    try {
      await handle.signal(documentUploaded, await file('stuck.pdf'));
      await handle.signal(updateLead, { website: 'https://engines.example' });
      await waitFor(
        () => lastErrorOf(handle),
        (e) => e === 'CRM_REJECTED:CANNOT_UPDATE_CONVERTED_LEAD',
      );
      const during = await progressOf(handle);
      expect(during.pendingLeadFields).toBe(0);
      expect(during.pendingDocuments).toBe(1);
    } finally {
      await clearInjected();
      await handle.terminate('test over');
    }
  });
});

describe('a refused opportunity update, in skipped time', () => {
  it('still submits the application with its rep, and shows the refusal', async () => {
    const offers = { pageName: 'DOCUMENTS', pageStep: 2, path: '/offers' } as const;
    const opportunity = slice.crm.insert('Opportunity', {
      Name: 'Engines Ltd',
      StageName: 'Prospecting',
      OwnerId: slice.crm.records('User')[0]!.Id,
    });
    const { id, handle } = await start('submit', {
      carried: signedAt(offers, { sfOpportunityId: opportunity, statementsSubmitted: true }),
    });
    // The offer was emailed already: the submission sends nothing more.
    await mongo
      .db()
      .collection(COLLECTIONS.offers)
      .insertOne({ _id: new ObjectId(id), offerOptions: [{ id: 'o1', isSelected: 'true' }], emailedOption: 'o1' });
    await failNext({ errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', method: 'PATCH', path: '/sobjects/Opportunity/' });
    const answer = await handle.executeUpdate(submitApplication);
    expect(answer).toMatchObject({ repName: 'Jordan Rivera', position: { pageStep: 3 } });
    expect(answer).not.toHaveProperty('stageRefused');
    await handle.result();
    expect((await progressOf(handle)).operations).toMatchObject({
      status: 'Submitted',
      lastError: { code: 'CRM_REJECTED', detail: 'FIELD_CUSTOM_VALIDATION_EXCEPTION' },
    });
    expect(await lastErrorOf(handle)).toBe('CRM_REJECTED:FIELD_CUSTOM_VALIDATION_EXCEPTION');
  });
});
