// A signature binds what was signed, and only current owners sign: a change to the signed answers while the
// sign request is open voids it and the applicant signs again; once signed it is refused (409) and the CRM
// lead keeps the signed figures; a co-owner the applicant removed can neither open their signing link nor
// complete the request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { DETAILS_ANSWERS, FINANCIAL_ANSWERS, ownerAnswers, saveAnswers, stepOn } from '../../../tests/support/journey';
import { recordHistory } from '../../../tests/support/histories';
import { startSlice } from '../../../tests/support/slice';
import { holdFor, until } from '../../../tests/support/until';
import { coOwnerInvited, decide, from, signTokenIn } from '../status/status.spec-setup';

const LOCKED = 'Your application is signed: these answers can no longer be changed';

let slice: Awaited<ReturnType<typeof startSlice>>;
let solo: ApiClient;
let pair: ApiClient;
let soloApp: string;
let pairApp: string;

const statusAtBox = (id: string) => slice.esign.requests().find((r) => r.id === id)?.status;
const businessIdOf = async (client: ApiClient, app: string) =>
  (await client.get(`/business/application/${app}`)).body._id as string;
const ownerSetOf = async (client: ApiClient, app: string) =>
  (await client.post('/owner', { applicationId: app })).body._id as string;
const signedBy = (client: ApiClient, id: string) =>
  until(
    async () => (await client.get(`/box/${id}`)).body.data,
    (d) => d.signed === true,
  );

beforeAll(async () => {
  slice = await startSlice();
  solo = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'signed-solo', '10.6.1.1');
  pair = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'signed-pair', '10.6.1.2');
  soloApp = (await solo.get('/auth/user')).body.data.applications[0]._id;
  pairApp = (await pair.get('/auth/user')).body.data.applications[0]._id;
  await saveAnswers(solo, soloApp, [ownerAnswers('signed-solo@example.com', { firstName: 'Sol' })]);
  for (let i = 0; i < 4; i++) expect((await stepOn(solo, soloApp)).status).toBe(200);
});

afterAll(async () => {
  await slice?.close();
});

describe('answers changed while the sign request is open', () => {
  it('voids the open request at Box, and the applicant signs again with the new answers', async () => {
    const first = (await solo.post('/box/sign', { applicationId: soloApp })).body.data;
    expect(first.status).toBe('sent');
    const businessId = await businessIdOf(solo, soloApp);
    // The same answers again (Back, then Continue) are no change: the request stays open.
    const same = await solo.patch(`/business/${businessId}`, FINANCIAL_ANSWERS);
    expect(same.status).toBe(200);
    expect(statusAtBox(first.id)).toBe('sent');

    const changed = await solo.patch(`/business/${businessId}`, { ...FINANCIAL_ANSWERS, annualRevenue: '$900,000' });
    expect(changed.status).toBe(200);
    expect(changed.body.annualRevenue).toBe(900_000);
    expect(statusAtBox(first.id)).toBe('cancelled');
    expect((await solo.get(`/box/${first.id}`)).body.data.status).toBe('cancelled');
    // Its signer page takes no signature any more.
    const late = await fetch(first.signers[0].embedUrl, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'signed' }),
      redirect: 'manual',
    });
    expect(late.status).toBe(200);
    expect(statusAtBox(first.id)).toBe('cancelled');

    // Back at the signature: a new request, built from the answers as saved now.
    const second = (await solo.post('/box/sign', { applicationId: soloApp })).body.data;
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe('sent');
    expect(await decide(second.signers[0].embedUrl)).toMatch(/\/signature\?isFinished=true$/);
    await signedBy(solo, second.id);
  });
});

describe('answers changed after signing', () => {
  it('refuses every signed answer with 409 and the message, and keeps an unchanged re-save', async () => {
    const businessId = await businessIdOf(solo, soloApp);
    const financial = await solo.patch(`/business/${businessId}`, {
      ...FINANCIAL_ANSWERS,
      annualRevenue: '$3,000,000',
      amountRequested: '$300,000',
    });
    expect(financial.status).toBe(409);
    expect(financial.body.data).toMatchObject({ message: LOCKED, code: 'SIGNED_ANSWERS_LOCKED' });
    const ein = await solo.patch(`/business/${businessId}`, { ...DETAILS_ANSWERS, federalTaxId: '98-7654321' });
    expect(ein.status).toBe(409);
    const name = await solo.patch(`/business/${businessId}`, { ...DETAILS_ANSWERS, businessName: 'Other Name LLC' });
    expect(name.status).toBe(409);
    const setId = await ownerSetOf(solo, soloApp);
    const owner = await solo.patch(`/owner/${setId}`, {
      owners: [
        ownerAnswers('signed-solo@example.com', { firstName: 'Sol', ssn: '234-56-7890', dateOfBirth: '1970-02-03' }),
      ],
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(409);
    expect(owner.body.data.message).toBe(LOCKED);

    // What was signed is what is on file; the same answers saved again pass.
    const business = (await solo.get(`/business/application/${soloApp}`)).body;
    expect(business).toMatchObject({
      annualRevenue: 900_000,
      amountRequested: 150_000,
      businessName: 'Analytical Engines LLC',
    });
    expect(business.federalTaxId).toMatch(/6789$/);
    expect(
      (await solo.patch(`/business/${businessId}`, { ...FINANCIAL_ANSWERS, annualRevenue: '$900,000' })).status,
    ).toBe(200);
  });

  it('never hands the CRM lead a value that was not signed', async () => {
    // Signed, the workflow moved the journey on to the bank statements itself; the saved stage followed.
    expect((await solo.get(`/stage/${soloApp}`)).body).toMatchObject({ path: '/bank-statements' });
    const lead = () => slice.crm.records('Lead').find((l) => l.Email === 'signed-solo@example.com');
    await until(lead, (l) => Number(l?.AnnualRevenue) === 900_000, {
      ms: 30_000,
      what: 'the signed revenue on the lead',
    });
    await holdFor(1_000, 'a refused change, had it been handed over, would reach the lead within this window');
    expect(Number(lead()!.AnnualRevenue)).toBe(900_000);
    await recordHistory(slice.env.TEMPORAL_ADDRESS, soloApp, 'application-answers-revised.pb');
  });
});

describe('a co-owner the applicant removed', () => {
  it('loses the signing link (404) and cannot complete the request', async () => {
    const mail = await coOwnerInvited(slice.maildevUrl, pair, pairApp, {
      applicant: { email: 'signed-one@example.com', firstName: 'Pia' },
      coOwner: { email: 'signed-two@example.com', firstName: 'Rex', ssn: '234-56-7811', phoneNumber: '(212) 555-0167' },
    });
    const signToken = signTokenIn(mail.text)!;
    const request = (await pair.post('/box/sign', { applicationId: pairApp })).body.data;
    // The applicant signs; the co-owner's link would now open their own signing session.
    expect(await decide(request.signers[0].embedUrl)).toMatch(/redirectToSecondSigner=true$/);
    await until(
      async () => (await fetch(`${slice.baseUrl}/status/sign/${signToken}`, from(40))).json(),
      (b) => b.state === 'ready',
    );

    const setId = await ownerSetOf(pair, pairApp);
    const removed = await pair.patch(`/owner/${setId}`, {
      owners: [ownerAnswers('signed-one@example.com', { firstName: 'Pia', ownershipPercent: 100 })],
    });
    expect(removed.status).toBe(200);
    expect(statusAtBox(request.id)).toBe('cancelled');
    const link = await fetch(`${slice.baseUrl}/status/sign/${signToken}`, from(41));
    expect(link.status).toBe(404);
    expect((await link.json()).data.message).toBe('This link is no longer valid');

    // The signer page they may still hold takes no signature, and the request never counts as signed.
    const late = await fetch(request.signers[1].embedUrl, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'signed' }),
      redirect: 'manual',
    });
    expect(late.status).toBe(200);
    const now = (await pair.get(`/box/${request.id}`)).body.data;
    expect(now).toMatchObject({ status: 'cancelled', signed: false });
    expect((await stepOn(pair, pairApp)).status).toBe(409);
    // The applicant signs again, alone now.
    const again = (await pair.post('/box/sign', { applicationId: pairApp })).body.data;
    expect(again.signers.map((s: { email: string }) => s.email)).toEqual(['signed-one@example.com']);
  });
});
