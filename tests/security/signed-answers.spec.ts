// A replay of two findings of an outside attack run, against the stack as `npm start` runs it:
// - signed answers (revenue, amount, EIN, legal name, an owner's SSN) saved with 200 after signing, the CRM
//   lead and the offers then taking values nobody signed: now 409 with the message;
// - a co-owner the applicant removed still opened the signer page through their emailed signing link and
//   completed the request: now the link answers 404 and the request is voided at Box.
import { describe, expect, it } from 'vitest';
import { DETAILS_ANSWERS, FINANCIAL_ANSWERS, ownerAnswers, saveAnswers, stepOn } from '../support/journey';
import { mailsTo } from '../support/maildev';
import { until } from '../support/until';
import { HostileClient, endOfFileChecks, maildevUrl, signedInApplicant, tally } from './support';

endOfFileChecks(__filename);

const LOCKED = 'Your application is signed: these answers can no longer be changed';

/** The signer's decision on the e-sign stand-in's page, as the browser posts it. */
const decide = (embedUrl: string) =>
  fetch(embedUrl, { method: 'POST', body: new URLSearchParams({ decision: 'signed' }), redirect: 'manual' });

/** At the signature with the answers saved (`owners` as given), the sign request started. */
async function atSignature(tag: string, owners: Record<string, unknown>[]) {
  const applicant = await signedInApplicant(tag);
  const { client, applicationId } = applicant;
  await saveAnswers(client, applicationId, owners);
  for (let i = 0; i < 4; i++) expect((await stepOn(client, applicationId)).status).toBe(200);
  const request = (await client.post('/box/sign', { applicationId })).body.data;
  expect(request.status).toBe('sent');
  return { client, applicationId, request };
}

describe('signed answers, replayed', () => {
  it('after signing, every signed answer is refused with 409 and the message', async () => {
    const tag = `sec-signed-${Date.now()}`;
    const { client, applicationId, request } = await atSignature(tag, [ownerAnswers(`${tag}@example.com`)]);
    expect((await decide(request.signers[0].embedUrl)).status).toBe(303);
    await until(
      async () => (await client.get(`/box/${request.id}`)).body.data,
      (d) => d.signed === true,
      { ms: 60_000, what: 'the signature known to the workflow' },
    );
    const businessId = (await client.get(`/business/application/${applicationId}`)).body._id as string;
    const setId = (await client.post('/owner', { applicationId })).body._id as string;
    const attempts = [
      () => client.patch(`/business/${businessId}`, { ...FINANCIAL_ANSWERS, annualRevenue: '$3,000,000' }),
      () => client.patch(`/business/${businessId}`, { ...FINANCIAL_ANSWERS, amountRequested: '$300,000' }),
      () => client.patch(`/business/${businessId}`, { ...DETAILS_ANSWERS, federalTaxId: '98-7654321' }),
      () => client.patch(`/business/${businessId}`, { ...DETAILS_ANSWERS, businessName: 'Renamed LLC' }),
      () =>
        client.patch(`/owner/${setId}`, {
          owners: [ownerAnswers(`${tag}@example.com`, { ssn: '234-56-7890', dateOfBirth: '1970-02-03' })],
        }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      if (res.status < 400) tally.invalidAccepted++;
      expect(res.status).toBe(409);
      expect(res.body.data).toMatchObject({ message: LOCKED, code: 'SIGNED_ANSWERS_LOCKED' });
    }
    const business = (await client.get(`/business/application/${applicationId}`)).body;
    expect(business).toMatchObject({ annualRevenue: 1_200_000, amountRequested: 150_000 });
    expect(business.businessName).toBe(DETAILS_ANSWERS.businessName);
  });

  it('a removed co-owner’s signing link answers 404, and their signature cannot complete the request', async () => {
    const tag = `sec-coowner-${Date.now()}`;
    const coOwner = `${tag}-two@example.com`;
    const { client, applicationId, request } = await atSignature(tag, [
      ownerAnswers(`${tag}@example.com`, { ownershipPercent: 60 }),
      ownerAnswers(coOwner, {
        firstName: 'Rex',
        ownershipPercent: 40,
        ssn: '234-56-7811',
        phoneNumber: '(212) 555-0167',
      }),
    ]);
    const [mail] = await until(
      () => mailsTo(maildevUrl(), coOwner),
      (m) => m.length > 0,
      { ms: 30_000, what: 'the co-owner’s invitation' },
    );
    const signToken = mail!.text.match(/\/co-owner\/sign\/([\w-]+\.[\w-]+)/)![1]!;
    expect((await decide(request.signers[0].embedUrl)).status).toBe(303);

    const setId = (await client.post('/owner', { applicationId })).body._id as string;
    const removed = await client.patch(`/owner/${setId}`, { owners: [ownerAnswers(`${tag}@example.com`)] });
    expect(removed.status).toBe(200);

    const link = await new HostileClient().call('GET', `/status/sign/${signToken}`);
    if (link.status < 400) tally.invalidAccepted++;
    expect(link.status).toBe(404);
    // The signer page they may still hold takes no signature: the request was voided at Box.
    expect((await decide(request.signers[1].embedUrl)).status).toBe(200);
    expect((await client.get(`/box/${request.id}`)).body.data).toMatchObject({ status: 'cancelled', signed: false });
  });
});
