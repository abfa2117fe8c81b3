import { createHmac } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_SIGN_TRIGGERS, REGISTERED_SIGN_TRIGGERS, s3ClientOptions } from '@portal/libs';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { startSlice } from '../../../tests/support/slice';
import { until } from '../../../tests/support/until';
import { ownerAnswers, saveAnswers, stepOn, stepOnFrom } from '../../../tests/support/journey';
import { recordHistory } from '../../../tests/support/histories';
import { signEventOf } from './box-event';

let slice: Awaited<ReturnType<typeof startSlice>>;
let solo: ApiClient;
let pair: ApiClient;
let nobody: ApiClient;
let soloApp: string;
let pairApp: string;

const owner = (first: string, email: string, phone: string, percent: number, ssn: string) =>
  ownerAnswers(email, { firstName: first, lastName: 'Tester', phoneNumber: phone, ownershipPercent: percent, ssn });

async function withOwners(client: ApiClient, owners: ReturnType<typeof owner>[]): Promise<string> {
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  await saveAnswers(client, applicationId, owners);
  return applicationId;
}

/** Follows a signer's embed link as the browser would: open the page, press a button. */
async function decide(embedUrl: string, decision: 'signed' | 'declined'): Promise<string> {
  expect((await fetch(embedUrl)).status).toBe(200);
  const res = await fetch(embedUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

beforeAll(async () => {
  slice = await startSlice();
  solo = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'sign-solo', '10.6.0.1');
  pair = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'sign-pair', '10.6.0.2');
  nobody = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'sign-none', '10.6.0.3');
  soloApp = await withOwners(solo, [owner('Sam', 'sam@example.com', '(212) 555-0111', 100, '123-45-6789')]);
  pairApp = await withOwners(pair, [
    owner('Pat', 'pat@example.com', '(212) 555-0133', 40, '111-22-3333'),
    owner('Lee', 'lee@example.com', '(212) 555-0156', 60, '444-55-6666'),
  ]);
});

afterAll(async () => {
  await slice?.close();
});

describe('signing through the Box stand-in: one owner', () => {
  it('builds one request from the saved application, and a reload continues it', async () => {
    const first = await solo.post('/box/sign', { applicationId: soloApp });
    expect(first.status).toBe(200);
    const req = first.body.data;
    expect(req.status).toBe('sent');
    expect(req.signers).toHaveLength(1);
    expect(req.signers[0]).toMatchObject({ email: 'sam@example.com', order: 1, decision: null });
    expect(req.signers[0].embedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sign\//);

    const again = await solo.post('/box/sign', { applicationId: soloApp });
    expect(again.body.data.id).toBe(req.id);
    expect(slice.esign.requests().filter((r) => r.external_id?.startsWith(soloApp))).toHaveLength(1);

    // The PDF in S3 carries the masked SSN only.
    const s3 = new S3Client(s3ClientOptions(slice.settings.api));
    const pdf = await s3.send(
      new GetObjectCommand({ Bucket: 'portal-documents', Key: `applications/${soloApp}/signature/application-1.pdf` }),
    );
    const bytes = Buffer.from(await pdf.Body!.transformToByteArray());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    s3.destroy();
  });

  it('refuses to move past SIGNATURE before the workflow knows it is signed', async () => {
    for (let i = 0; i < 4; i++) expect((await stepOn(solo, soloApp)).status).toBe(200);
    const early = await stepOn(solo, soloApp);
    expect(early.status).toBe(409);
    expect(early.body.data.message).toBe('Please sign the application before continuing');
    expect(early.body.data.code).toBe('SIGN_FIRST');
  });

  it('learns of the signature from the signed webhook and moves the stage on to the bank statements itself', async () => {
    const { id, signers } = (await solo.post('/box/sign', { applicationId: soloApp })).body.data;
    const redirect = await decide(signers[0].embedUrl, 'signed');
    expect(redirect).toBe('http://localhost:8080/signature?isFinished=true');
    const done = await until(
      async () => (await solo.get(`/box/${id}`)).body.data,
      (d) => d.signed === true,
    );
    expect(done.status).toBe('signed');
    expect(done.fileId).toBeTruthy();
    // The status read says where the workflow moved the journey when it heard the signature, and the saved
    // stage (the resume path) followed it: the web lands there with no move of its own.
    const STATEMENTS = { pageName: 'DOCUMENTS', pageStep: 1, path: '/bank-statements' };
    expect(done.stage).toEqual(STATEMENTS);
    expect((await solo.get(`/stage/${soloApp}`)).body).toMatchObject(STATEMENTS);
    // An old tab still asking the move from the signature is answered with where the journey is.
    const stale = await stepOnFrom(solo, soloApp, { pageName: 'SIGNATURE', pageStep: 1 });
    expect(stale.status).toBe(200);
    expect(stale.body).toMatchObject(STATEMENTS);
  });
});

describe('signing through the Box stand-in: two owners', () => {
  it('has two owners sign in order, the first sent on to the second', async () => {
    // The whole two-owner path: walked to /signature, both sign, on to the bank statements.
    for (let i = 0; i < 4; i++) expect((await stepOn(pair, pairApp)).status).toBe(200);
    const { id, signers } = (await pair.post('/box/sign', { applicationId: pairApp })).body.data;
    expect(signers.map((s: { email: string }) => s.email)).toEqual(['pat@example.com', 'lee@example.com']);
    expect(await decide(signers[0].embedUrl, 'signed')).toBe(
      'http://localhost:8080/signature?redirectToSecondSigner=true',
    );
    // The first owner's signature reaches the workflow from its webhook at once (a lone signer's own step is
    // signalled no more, to save a workflow task, but keeps it where a co-owner is still to sign), not from the 30 s poll.
    const between = await until(
      async () => (await pair.get(`/box/${id}`)).body.data,
      (d) => d.signers[0].decision === 'signed',
      { ms: 10_000, what: 'the first signature known well before the 30 s poll' },
    );
    expect(between.signed).toBe(false);
    expect(between.signers[1].decision).toBeNull();
    // The journey waits on the signature until every signer has signed.
    expect(between.stage).toBeUndefined();
    expect((await pair.get(`/stage/${pairApp}`)).body).toMatchObject({ path: '/signature' });
    // The second owner lands on the page that says their signature is recorded; on the
    // applicant's device that page hands back to /signature?isFinished=true.
    expect(await decide(signers[1].embedUrl, 'signed')).toBe('http://localhost:8080/co-owner/signed?lng=en');
    const signed = await until(
      async () => (await pair.get(`/box/${id}`)).body.data,
      (d) => d.signed === true,
    );
    // The last signature moved the journey on: the saved stage followed the status read.
    expect(signed.stage).toMatchObject({ path: '/bank-statements' });
    expect((await pair.get(`/stage/${pairApp}`)).body).toMatchObject({ path: '/bank-statements' });
    await recordHistory(slice.env.TEMPORAL_ADDRESS, pairApp, 'application-two-owners.pb');
  });
});

describe('signing through the Box stand-in: refusals, webhooks and a decline', () => {
  it('answers No signers found without owners, and hides requests from other users', async () => {
    const nobodyApp = (await nobody.get('/auth/user')).body.data.applications[0]._id;
    const res = await nobody.post('/box/sign', { applicationId: nobodyApp });
    expect(res.status).toBe(422);
    expect(res.body.data.message).toBe('No signers found');
    const soloSignature = slice.esign.requests().find((r) => r.external_id?.startsWith(soloApp))!.id;
    expect((await nobody.get(`/box/${soloSignature}`)).status).toBe(404);
    expect((await nobody.post('/box/sign', { applicationId: soloApp })).status).toBe(404);
  });

  it('accepts a correctly signed webhook and refuses a tampered one', async () => {
    const body = JSON.stringify({
      type: 'webhook_event',
      id: 'evt-1',
      trigger: 'SIGN_REQUEST.COMPLETED',
      additional_info: { sign_request_id: 'unknown' },
    });
    const ts = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const sig = (b: string) => createHmac('sha256', 'it-primary').update(b).update(ts).digest('base64');
    const headers = (b: string) => ({
      'content-type': 'application/json',
      'box-delivery-timestamp': ts,
      'box-signature-version': '1',
      'box-signature-algorithm': 'HmacSHA256',
      'box-signature-primary': sig(b),
      'box-signature-secondary': 'x',
    });
    const ok = await fetch(`${slice.baseUrl}/webhooks/box`, { method: 'POST', body, headers: headers(body) });
    expect(ok.status).toBe(200);
    const tampered = await fetch(`${slice.baseUrl}/webhooks/box`, {
      method: 'POST',
      body: body.replace('evt-1', 'evt-2'),
      headers: headers(body),
    });
    expect(tampered.status).toBe(401);
  });

  it('starts again after a decline', async () => {
    const decliner = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'sign-decline', '10.6.0.4');
    const app = await withOwners(decliner, [owner('Dee', 'dee@example.com', '(212) 555-0178', 100, '222-33-4444')]);
    const first = (await decliner.post('/box/sign', { applicationId: app })).body.data;
    expect(await decide(first.signers[0].embedUrl, 'declined')).toBe('http://localhost:8080/signature?declined=true');
    await until(
      async () => (await decliner.get(`/box/${first.id}`)).body.data,
      (d) => d.status === 'declined',
    );
    const second = (await decliner.post('/box/sign', { applicationId: app })).body.data;
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe('sent');
    expect(await decide(second.signers[0].embedUrl, 'signed')).toBe('http://localhost:8080/signature?isFinished=true');
    await until(
      async () => (await decliner.get(`/box/${second.id}`)).body.data,
      (d) => d.signed === true,
    );
    await recordHistory(slice.env.TEMPORAL_ADDRESS, app, 'application-decline-then-sign.pb');
  });
});

describe("a webhook's delivery timestamp", () => {
  it("takes a delivery a little ahead of our clock (Box's clock is not ours), never one over 10 minutes old", async () => {
    const body = JSON.stringify({ type: 'webhook_event', id: 'evt-3', trigger: 'SIGN_REQUEST.COMPLETED' });
    const deliver = (offsetMs: number) => {
      const ts = new Date(Date.now() + offsetMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
      return fetch(`${slice.baseUrl}/webhooks/box`, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'box-delivery-timestamp': ts,
          'box-signature-version': '1',
          'box-signature-algorithm': 'HmacSHA256',
          'box-signature-primary': createHmac('sha256', 'it-primary').update(body).update(ts).digest('base64'),
        },
      });
    };
    // box-node-sdk's check refused even 1 s ahead: the delivery was lost and signing waited for the poll.
    expect((await deliver(2_000)).status).toBe(200);
    expect((await deliver(30_000)).status).toBe(200);
    expect((await deliver(-11 * 60_000)).status).toBe(401);
    expect((await deliver(5 * 60_000)).status).toBe(401);
  });
});

describe('the trigger names a delivery is read by', () => {
  const event = (trigger: string) =>
    signEventOf({ type: 'webhook_event', id: 'evt', trigger, additional_info: { sign_request_id: 'sr-1' } });

  it('acts on the names the worker registers (one table) and ignores any other spelling', async () => {
    for (const trigger of REGISTERED_SIGN_TRIGGERS)
      expect(await event(trigger)).toEqual({ signRequestId: 'sr-1', trigger, eventId: 'evt' });
    expect(FINAL_SIGN_TRIGGERS).toContain('SIGN_REQUEST.ERROR_FINALIZING');
    // The SDK enum's spellings are not what Box's trigger list names: a delivery under one is not acted on.
    for (const trigger of ['SIGN_REQUEST.SIGN_ERROR_FINALIZING', 'SIGN_REQUEST.SIGN_SIGNER_SIGNED', 'FILE.UPLOADED'])
      expect(await event(trigger)).toBeUndefined();
  });
});
