// 'Where do I stand': the owner-checked progress endpoint, its fallback to the saved
// stage when Temporal cannot answer, and the co-owner's signed link (mailed after startSigning).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { ownerAnswers } from '../../../tests/support/journey';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { mailsTo as mailsToAt } from '../../../tests/support/maildev';
import { startSlice } from '../../../tests/support/slice';
import { holdFor, until } from '../../../tests/support/until';
import { TEMPORAL_CLIENT } from '../temporal/temporal.module';
import { signSignLink, signLinkKey, signStatusLink, statusLinkKey } from './status-link';
import { coOwnerInvited, decide, from, signTokenIn, tokenIn } from './status.spec-setup';

let slice: Awaited<ReturnType<typeof startSlice>>;
let ann: ApiClient;
let bea: ApiClient;
let annApp: string;
let beaApp: string;

const mailsTo = (address: string) => mailsToAt(slice.maildevUrl, address);
/** The co-owner's signing endpoint, called anonymously from its own address (`n`). */
const signing = (token: string, n = 1) => fetch(`${slice.baseUrl}/status/sign/${token}`, from(n));

/**
 * The signing endpoint refuses alike (404) a link for another application under this one's signature, a
 * tampered one and an expired one; a well-signed link for another (replaced) sign request is closed, never
 * another's session.
 */
async function expectForeignSignLinksRefused(signToken: string) {
  const [, signature] = signToken.split('.');
  const forged = Buffer.from(JSON.stringify(['sign', annApp, 'r', 2, Date.now() + 1e9])).toString('base64url');
  const key = signLinkKey(Buffer.from(slice.settings.api.SESSION_SECRET, 'base64'));
  const expired = signSignLink(key, {
    applicationId: beaApp,
    signRequestId: 'r',
    order: 2,
    expiresAt: Date.now() - 1,
  });
  for (const bad of [`${forged}.${signature}`, `${signToken}x`, expired]) {
    const res = await signing(bad, 3);
    expect(res.status, bad).toBe(404);
    expect((await res.json()).data.message).toBe('This link is no longer valid');
  }
  const stale = signSignLink(key, {
    applicationId: beaApp,
    signRequestId: 'r',
    order: 2,
    expiresAt: Date.now() + 60_000,
  });
  expect(await (await signing(stale, 3)).json()).toMatchObject({ state: 'closed' });
}

beforeAll(async () => {
  slice = await startSlice();
  ann = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'status-ann', '10.16.3.1');
  bea = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'status-bea', '10.16.3.2');
  annApp = (await ann.get('/auth/user')).body.data.applications[0]._id;
  beaApp = (await bea.get('/auth/user')).body.data.applications[0]._id;
});

afterAll(async () => {
  await slice?.close();
});

describe('GET /application/{id}/progress', () => {
  it('answers the applicant where they stand, from the workflow, with nothing an operator keeps', async () => {
    const res = await ann.get(`/application/${annApp}/progress`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'live', stage: 'FINANCIAL', step: 1 });
    expect(res.body.waiting).toEqual([{ on: 'applicant', since: expect.any(String) }]);
    expect(Number.isNaN(Date.parse(res.body.waiting[0].since))).toBe(false);
    const text = JSON.stringify(res.body);
    for (const hidden of ['sfLeadId', 'lastError', 'remindersSent', 'status-ann@example.com', 'Katherine'])
      expect(text).not.toContain(hidden);
  });

  it('refuses another user’s application as the other endpoints do (404)', async () => {
    const res = await bea.get(`/application/${annApp}/progress`);
    expect(res.status).toBe(404);
    expect(res.body.data.message).toBe('Application not found');
    expect((await bea.get('/application/not-an-id/progress')).status).toBe(404);
  });
});

describe('the co-owner’s status link', () => {
  it('mails each co-owner still to sign one signed link per sign request, which shows the steps and the owners by name, no one’s other details', async () => {
    const mail = await coOwnerInvited(slice.maildevUrl, bea, beaApp, {
      applicant: { email: 'bea-one@example.com', firstName: 'Bea' },
      coOwner: { email: 'bea-two@example.com', firstName: 'Cy', ssn: '234-56-7801', phoneNumber: '(212) 555-0165' },
    });
    expect(mail.subject).toBe("Your signature is needed on Analytical Engines LLC's funding application");
    expect(mail.text).toContain('Katherine named you as an owner');
    // The first owner signs in the portal itself: no status email for them.
    expect(await mailsTo('bea-one@example.com')).toHaveLength(0);

    const token = tokenIn(mail.text)!;
    expect(mail.html).toContain(`/status/shared/${token}`);
    const anon = await fetch(`${slice.baseUrl}/status/shared/${token}`);
    expect(anon.status).toBe(200);
    const shared = await anon.json();
    expect(shared).toMatchObject({
      source: 'live',
      businessName: 'Analytical Engines LLC',
      stage: 'SIGNATURE',
      // By name, as the applicant's own view shows them, never 'Owner 1'.
      signatures: [
        { order: 1, signed: false, name: 'Bea King' },
        { order: 2, signed: false, name: 'Cy King' },
      ],
    });
    expect(shared.waiting[0].on).toBe('signature');
    expect(shared.rep).toBeUndefined();
    for (const hidden of ['@example.com', 'Katherine', '6789', '7801'])
      expect(JSON.stringify(shared)).not.toContain(hidden);

    // A reload of the signature page continues the same request: no second email.
    expect((await bea.post('/box/sign', { applicationId: beaApp })).status).toBe(200);
    await holdFor(500, 'a second email, were one sent, would reach maildev within this window');
    expect(await mailsTo('bea-two@example.com')).toHaveLength(1);

    // Tampered (another application's id under the same signature) and expired links are refused alike.
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify([annApp, 'x', Date.now() + 1e9])).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${payload}.${signature!.slice(0, -2)}AA`, 'nonsense']) {
      const res = await fetch(`${slice.baseUrl}/status/shared/${bad}`);
      expect(res.status, bad).toBe(404);
      expect((await res.json()).data.message).toBe('This link is no longer valid');
    }
    const key = statusLinkKey(Buffer.from(slice.settings.api.SESSION_SECRET, 'base64'));
    const expired = signStatusLink(key, { applicationId: beaApp, signRequestId: 'r', expiresAt: Date.now() - 1 });
    expect((await fetch(`${slice.baseUrl}/status/shared/${expired}`)).status).toBe(404);
    // A link for a sign request that is no longer the application's (a co-owner the applicant removed: the
    // new request left them out) is revoked at once, however fresh.
    const fresh = signStatusLink(key, { applicationId: beaApp, signRequestId: 'r', expiresAt: Date.now() + 60_000 });
    expect((await fetch(`${slice.baseUrl}/status/shared/${fresh}`)).status).toBe(404);
  });
});

describe('the co-owner’s signing link', () => {
  it('the signing link opens the co-owner’s own signing session once the applicant has signed, and says when it is recorded', async () => {
    const [first] = await mailsTo('bea-two@example.com');
    const signToken = signTokenIn(first!.text)!;
    expect(first!.text).toContain(`/co-owner/sign/${signToken}?lng=en`);
    expect(first!.text).not.toContain('separate email');

    // The applicant has not signed yet: the link says the applicant signs first, and hands out no URL.
    const early = await signing(signToken);
    expect(early.status).toBe(200);
    const earlyBody = await early.json();
    expect(earlyBody).toEqual({ state: 'waiting', businessName: 'Analytical Engines LLC' });

    // Single-purpose: the status token opens no signing session, the signing token no status view.
    const statusToken = tokenIn(first!.text)!;
    expect((await signing(statusToken)).status).toBe(404);
    expect((await fetch(`${slice.baseUrl}/status/shared/${signToken}`, from(2))).status).toBe(404);
    // Another application under this signature, a tampered one, an expired one, one for a replaced request.
    await expectForeignSignLinksRefused(signToken);

    // The applicant's /status names the owners and can send the invitation again (owner-checked, limited).
    const progress = await bea.get(`/application/${beaApp}/progress`);
    expect(progress.body.signatures).toEqual([
      { order: 1, signed: false, name: 'Bea King' },
      { order: 2, signed: false, name: 'Cy King' },
    ]);
    expect(progress.body.signingOpen).toBe(true);
    expect((await ann.post(`/application/${beaApp}/co-owner-invitation`)).status).toBe(404);
    expect((await ann.post(`/application/${annApp}/co-owner-invitation`)).status).toBe(409);
    for (let i = 0; i < 3; i++) {
      const res = await bea.post(`/application/${beaApp}/co-owner-invitation`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ sent: 1 });
    }
    const limited = await bea.post(`/application/${beaApp}/co-owner-invitation`);
    expect(limited.status).toBe(429);
    const again = await until(
      () => mailsTo('bea-two@example.com'),
      (m) => m.length === 4,
    );
    expect(signTokenIn(again[3]!.text)).toBeDefined();
    expect(await mailsTo('bea-one@example.com')).toHaveLength(0);

    // The applicant signs (Box tells the webhook): the co-owner's link now opens their own session.
    const request = (await bea.post('/box/sign', { applicationId: beaApp })).body.data;
    expect(await decide(request.signers[0].embedUrl)).toMatch(/\/signature\?redirectToSecondSigner=true$/);
    const ready = await until(
      async () => (await signing(signToken, 4)).json(),
      (b) => b.state === 'ready',
    );
    expect(ready).toEqual({ state: 'ready', url: request.signers[1].embedUrl });
    const shared = await (await fetch(`${slice.baseUrl}/status/shared/${statusToken}`, from(5))).json();
    expect(shared).toMatchObject({ you: 2, signPath: expect.stringMatching(/^\/co-owner\/sign\/[\w-]+\.[\w-]+$/) });

    // The co-owner signs: Box sends them to the page that says so, in the email's language, not /sign-up.
    expect(await decide(ready.url)).toBe(`${slice.settings.api.PUBLIC_URL}/co-owner/signed?lng=en`);
    await until(
      async () => (await signing(signToken, 6)).json(),
      (b) => b.state === 'signed',
    );
    const after = await (await fetch(`${slice.baseUrl}/status/shared/${statusToken}`, from(7))).json();
    expect(after.signPath).toBeUndefined();
    expect(after.signatures).toEqual([
      { order: 1, signed: true, name: 'Bea King' },
      { order: 2, signed: true, name: 'Cy King' },
    ]);
  });
});

describe('the co-owner’s links, revoked and limited', () => {
  it('revokes a co-owner’s link at once when the applicant removes them from the owners', async () => {
    const mail = await coOwnerInvited(slice.maildevUrl, ann, annApp, {
      applicant: { email: 'ann-one@example.com', firstName: 'Ann' },
      coOwner: { email: 'ann-two@example.com', firstName: 'Dee', ssn: '234-56-7802', phoneNumber: '(212) 555-0166' },
    });
    const link = `${slice.baseUrl}/status/shared/${tokenIn(mail.text)}`;
    expect((await fetch(link, from(20))).status).toBe(200);
    // The applicant takes the co-owner off the application: the link they were sent stops at once.
    const setId = (await ann.post('/owner', { applicationId: annApp })).body._id as string;
    const saved = await ann.patch(`/owner/${setId}`, {
      owners: [ownerAnswers('ann-one@example.com', { firstName: 'Ann', ownershipPercent: 100 })],
    });
    expect(saved.status).toBe(200);
    const gone = await fetch(link, from(21));
    expect(gone.status).toBe(404);
    expect((await gone.json()).data.message).toBe('This link is no longer valid');
  });

  it('limits the public link endpoint per address, like the other public endpoints (60 in 15 minutes)', async () => {
    const from = { 'x-forwarded-for': '10.16.3.9' };
    const answers: number[] = [];
    for (let i = 0; i < 61; i++)
      answers.push((await fetch(`${slice.baseUrl}/status/shared/guess-${i}`, { headers: from })).status);
    expect(answers.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(answers[60]).toBe(429);
    const other = await fetch(`${slice.baseUrl}/status/shared/guess`, { headers: { 'x-forwarded-for': '10.16.3.10' } });
    expect(other.status).toBe(404);
  });
});

describe('GET /application/{id}/progress without Temporal', () => {
  it('answers the saved stage when Temporal cannot be reached, rather than failing the page', async () => {
    // The api's own connection to Temporal is closed: every call through the one door fails as if the
    // server were down (the worker keeps its own connection).
    const watched = (await bea.get(`/application/${beaApp}/progress`)).body;
    const client = slice.app.get<Client>(TEMPORAL_CLIENT);
    await client.connection.close();
    // Watched (the polls above): the progress the workflow pushes needs no call to Temporal.
    expect((await bea.get(`/application/${beaApp}/progress`)).body).toEqual(watched);
    // Nobody watching it, the progress must come from the workflow: the saved stage instead.
    await slice.app
      .get<Connection>(getConnectionToken())
      .collection('applications')
      .updateOne({ _id: new Types.ObjectId(beaApp) }, { $unset: { liveProgress: '' } });
    const res = await bea.get(`/application/${beaApp}/progress`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ source: 'saved', stage: 'SIGNATURE', step: 1, waiting: [{ on: 'applicant' }] });
    expect((await ann.get(`/application/${beaApp}/progress`)).status).toBe(404);
  });
});
