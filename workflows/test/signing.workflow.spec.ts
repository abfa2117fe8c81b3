import type { WorkflowUpdateFailedError } from '@temporalio/client';
import { MongoClient, ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import {
  OPERATOR_QUERIES,
  getProgress,
  moveStage,
  resendSignRequest,
  startSigning,
  submitStatements,
  withdrawApplication,
} from '../src';
import { eventually } from '../../tests/support/until';
import { NEXT, recordHistory, sign, workflowSlice } from './workflow.spec-setup';

// Signing: the signature by poll or webhook, a decline, an operator's resend, and a withdrawal.
const room = workflowSlice();
const { startApplication, withOwner, boxAuth } = room;

describe('applicationWorkflow', () => {
  it("polls for the signature when no webhook comes, then refuses the step after the last with 'No further stage available'", async () => {
    // No application record: the stand-in's webhook finds nothing to wake, so only polling can tell.
    const id = 'aaaaaaaaaaaaaaaaaaaaaaa2';
    await withOwner(id, false);
    const handle = await startApplication(id, 1);
    for (let i = 0; i < 4; i++) await handle.executeUpdate(moveStage, { args: [NEXT] });
    const refused = await handle.executeUpdate(moveStage, { args: [NEXT] }).catch((e: unknown) => e);
    expect((refused as WorkflowUpdateFailedError).cause?.message).toBe('Please sign the application before continuing');
    const signing = await handle.executeUpdate(startSigning, { args: [] });
    await sign(signing.request.signers[0]!.embedUrl!, 'signed');
    await eventually(async () => ((await handle.query(getProgress)).signing?.signed ? true : undefined));
    // Signed (heard by its poll): the workflow moved the journey on to the bank statements by itself.
    expect((await handle.query(getProgress)).position).toMatchObject({ path: '/bank-statements' });
    // Past the bank statements only through their submission (lead conversion, signed application sent).
    const early = await handle.executeUpdate(moveStage, { args: [NEXT] }).catch((e: unknown) => e);
    expect((early as WorkflowUpdateFailedError).cause?.message).toBe('Please submit your bank statements first');
    expect(await handle.executeUpdate(submitStatements, { args: [] })).toMatchObject({
      pageName: 'DOCUMENTS',
      pageStep: 2,
    });
    await handle.executeUpdate(moveStage, { args: [NEXT] });
    expect((await handle.query(getProgress)).position).toEqual({ pageName: 'DOCUMENTS', pageStep: 3, path: '/offers' });
    const err = await handle.executeUpdate(moveStage, { args: [NEXT] }).catch((e: unknown) => e);
    expect((err as WorkflowUpdateFailedError).cause?.message).toBe('No further stage available');
  });

  it('starts the signing in the move onto the signature, whose answer carries it; Box down, the move lands without', async () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaac6';
    await withOwner(id, true);
    const handle = await startApplication(id, 3600);
    for (let i = 0; i < 3; i++)
      expect((await handle.executeUpdate(moveStage, { args: [NEXT] })).signing).toBeUndefined();
    const moved = await handle.executeUpdate(moveStage, { args: [NEXT] });
    expect(moved).toMatchObject({ pageName: 'SIGNATURE', signing: { attempt: 1, signed: false } });
    expect(moved.signing!.request).toMatchObject({ status: 'sent', signers: [{ order: 1, decision: null }] });
    expect(moved.signing!.request.signers[0]!.embedUrl).toBeTruthy();
    // Back to the owners and on again: the open request is continued (read afresh), not made anew.
    await handle.executeUpdate(moveStage, { args: [{ to: 'back' }] });
    room.slice.esign.setDown(true);
    try {
      const started = Date.now();
      const outage = await handle.executeUpdate(moveStage, { args: [NEXT] });
      // One short try: the move lands all the same, without the signing, which startSigning then does.
      expect(outage).toEqual({ pageName: 'SIGNATURE', pageStep: 1, path: '/signature' });
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      room.slice.esign.setDown(false);
    }
    const again = await handle
      .executeUpdate(moveStage, { args: [{ to: 'back' }] })
      .then(() => handle.executeUpdate(moveStage, { args: [NEXT] }));
    expect(again.signing).toMatchObject({ attempt: 1, request: { id: moved.signing!.request.id, status: 'sent' } });
    expect((await handle.executeUpdate(startSigning, { args: [] })).request.id).toBe(moved.signing!.request.id);
    expect(room.slice.esign.requests().filter((r) => r.external_id?.startsWith(id))).toHaveLength(1);
  });

  it('learns of the signature from the webhook without waiting for a poll', async () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaaa4';
    await withOwner(id, true);
    const handle = await startApplication(id, 3600);
    const signing = await handle.executeUpdate(startSigning, { args: [] });
    await sign(signing.request.signers[0]!.embedUrl!, 'signed');
    const done = await eventually(async () => {
      const s = (await handle.query(getProgress)).signing;
      return s?.signed ? s : undefined;
    });
    expect(done.request.status).toBe('signed');
  });

  it('records a decline, then starts a new request on the next attempt', async () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaaa5';
    await withOwner(id, true);
    const handle = await startApplication(id, 3600);
    const first = await handle.executeUpdate(startSigning, { args: [] });
    await sign(first.request.signers[0]!.embedUrl!, 'declined');
    await eventually(async () =>
      (await handle.query(getProgress)).signing?.request.status === 'declined' ? true : undefined,
    );
    const second = await handle.executeUpdate(startSigning, { args: [] });
    expect(second.attempt).toBe(2);
    expect(second.request.id).not.toBe(first.request.id);
    expect(second.signed).toBe(false);
  });

  it('resends the signing request on an operator signal: the old one is voided, a new one is out', async () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaac3';
    await withOwner(id, true);
    const handle = await startApplication(id, 3600);
    const first = await handle.executeUpdate(startSigning, { args: [] });
    expect((await handle.query(getProgress)).operations).toMatchObject({
      status: 'WaitingOnSignature',
      turn: 'signer',
    });
    await handle.signal(resendSignRequest);
    const second = await eventually(async () => {
      const s = (await handle.query(getProgress)).signing;
      return s && s.attempt === 2 ? s : undefined;
    });
    expect(second.request.id).not.toBe(first.request.id);
    const old = await (
      await fetch(`${room.slice.esign.url}/2.0/sign_requests/${first.request.id}`, { headers: boxAuth() })
    ).json();
    expect(old.status).toBe('cancelled');
  });

  it('withdraws: the sign request is voided, the record marked, the lead closed, and the workflow completes', async () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaac4';
    await withOwner(id, true);
    const handle = await startApplication(id, 3600);
    const signing = await handle.executeUpdate(startSigning, { args: [] });
    await eventually(async () => {
      for await (const w of room.client.workflow.list({ query: OPERATOR_QUERIES.waitingOnSignature() }))
        if (w.workflowId === handle.workflowId) return true;
      return undefined;
    });
    await handle.signal(withdrawApplication, { by: 'operator' });
    await handle.result();
    const progress = await handle.query(getProgress);
    expect(progress.operations).toMatchObject({ status: 'Withdrawn', turn: 'nobody' });
    const lead = room.slice.crm.records('Lead').find((r) => r.Id === progress.sfLeadId);
    expect(lead).toMatchObject({ Status: 'Closed - Not Converted', Status_Detail__c: 'Withdrawn' });
    const request = await (
      await fetch(`${room.slice.esign.url}/2.0/sign_requests/${signing.request.id}`, { headers: boxAuth() })
    ).json();
    expect(request.status).toBe('cancelled');
    const mongo = await MongoClient.connect(room.slice.env.MONGODB_URI);
    const app = await mongo
      .db()
      .collection('applications')
      .findOne({ _id: new ObjectId(id) });
    await mongo.close();
    expect(app?.applicationStatus).toBe('Withdrawn');
    // A closed application takes no more moves; the api answers its code.
    const late = await handle.executeUpdate(moveStage, { args: [NEXT] }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(Error);
    await recordHistory(handle, 'application-withdrawn.pb');
  });
});
