// Invalid values were accepted, stored and sent to the CRM (23 of 30 tried). Each is
// replayed against the save it was sent to; none may be accepted, stored, or reach the CRM lead.
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { yearsBefore } from '../../libs/src/validation/dates';
import { applicantFor } from '../support/api-client';
import { until } from '../support/until';
import { HostileClient, endOfFileChecks, mongoUri, signedInApplicant, tally } from './support';
import { DETAILS, FINANCIAL, OWNER, QUESTION } from './valid-bodies';

endOfFileChecks(__filename);

const EMAIL = 'sec-invalid@example.com';
type Lead = Record<string, unknown>;

async function leads(): Promise<Lead[]> {
  return (await (await fetch(`${inject('securityCrmUrl')}/__admin/sobjects/Lead`)).json()) as Lead[];
}

/** The applicant's lead once `ready` holds (the workflow writes it in the background, in order). */
async function leadWhen(ready: (lead: Lead) => boolean, timeoutMs = 30_000): Promise<Lead> {
  const lead = async () => (await leads()).find((l) => l.Email === EMAIL);
  return (await until(lead, (l) => l !== undefined && ready(l), {
    ms: timeoutMs,
    what: `the lead never got there: ${JSON.stringify(await lead())}`,
  }))!;
}

let applicant: Awaited<ReturnType<typeof signedInApplicant>>;
let businessId: string;
let ownerSetId: string;
let mongo: MongoClient;
const accepted: string[] = [];

/** Sends one invalid value; a 2xx is an invalid value accepted. */
async function replay(what: string, path: string, body: Record<string, unknown>) {
  const answer = await applicant.client.patch(path, body);
  if (answer.status < 300) {
    tally.invalidAccepted++;
    accepted.push(what);
  }
  return answer;
}

beforeAll(async () => {
  mongo = await MongoClient.connect(mongoUri());
  applicant = await signedInApplicant('sec-invalid');
  const app = applicant.user.applications[0];
  businessId = app.business[0]._id;
  ownerSetId = app.owners._id;
  for (const body of [FINANCIAL, QUESTION, DETAILS])
    expect((await applicant.client.patch(`/business/${businessId}`, body)).status).toBe(200);
  expect((await applicant.client.patch(`/owner/${ownerSetId}`, { owners: [OWNER] })).status).toBe(200);
  await leadWhen((l) => l.Entity_Type__c === 'LLC' && l.Owner_1_First_Name__c === 'Ada');
});

afterAll(async () => {
  await mongo?.close();
});

const financial: [string, Record<string, unknown>][] = [
  ['hex revenue "0x10"', { annualRevenue: '0x10' }],
  ['exponent revenue "1e5"', { annualRevenue: '1e5' }],
  ['"Infinity" requested', { amountRequested: 'Infinity' }],
  ['{"$ne":null} revenue', { annualRevenue: { $ne: null } }],
  ['1e308 requested', { amountRequested: 1e308 }],
  ['a negative amount', { amountRequested: -5 }],
];

const question: [string, Record<string, unknown>][] = [
  ['{"$ne":null} use of proceeds', { useOfProceeds: { $ne: null } }],
  ['a use of proceeds off the pick-list', { useOfProceeds: 'Bitcoin mining' }],
  ['start date 2020-99-99', { businessStartDate: '2020-99-99' }],
  ['start date 0000-00-00', { businessStartDate: '0000-00-00' }],
  ['a business started in 415', { businessStartDate: '0415-06-01' }],
  ['a start date in the future', { businessStartDate: '2999-01-01' }],
  ['business started "Maybe"', { businessStarted: 'Maybe' }],
];

const details: [string, Record<string, unknown>][] = [
  ['{"$ne":null} legal entity', { legalEntity: { $ne: null } }],
  ['a legal entity off the pick-list', { legalEntity: 'Banana Republic' }],
  ['a product off the pick-list', { productsInterestedIn: ['Free money'] }],
  ['accepts credit cards "Maybe"', { acceptsCreditCards: 'Maybe' }],
  ['country MX', { country: 'MX' }],
  ['state ZZ', { state: 'ZZ' }],
  ['a province for a US business', { state: 'ON' }],
  ['an industry off the list', { industry: 'Underwater basket weaving' }],
  ['a NAICS that is not the industry’s', { naics: '999999' }],
  ['-5 employees', { numberOfEmployees: -5 }],
  ['1e308 employees', { numberOfEmployees: 1e308 }],
  ['hex employees "0x10"', { numberOfEmployees: '0x10' }],
  ['hex average daily balance', { avgDailyBalance: '0x1000' }],
  ['a 90 KB business name', { businessName: 'x'.repeat(90_000) }],
  ['a NUL byte in the business name', { businessName: 'Acme\u0000Corp' }],
  ['a line break in the address', { address: '1 Main St\r\nBcc: x@example.com' }],
  ['a 201-character DBA', { dbaName: 'x'.repeat(201) }],
  ['a javascript: website', { website: 'javascript:alert(document.cookie)' }],
  ['a data: website', { website: 'data:text/html,<script>alert(1)</script>' }],
  ['a 90 KB description', { businessDescription: 'x'.repeat(90_000) }],
];

const owner: [string, Record<string, unknown>][] = [
  ['{"$ne":null} owner country', { country: { $ne: null } }],
  ['owner country MX', { country: 'MX' }],
  ['birth date 1980-13-45', { dateOfBirth: '1980-13-45' }],
  ['birth date 2099-12-31', { dateOfBirth: '2099-12-31' }],
  ['a 10-year-old owner', { dateOfBirth: yearsBefore(10) }],
  ['a 176-year-old owner', { dateOfBirth: '1850-01-01' }],
  ['SSN 000-00-0000', { ssn: '000-00-0000' }],
  ['SSN area 666', { ssn: '666-12-3456' }],
  ['SSN area 9xx', { ssn: '912-34-5678' }],
  ['SSN group 00', { ssn: '123-00-4567' }],
  ['SSN serial 0000', { ssn: '123-45-0000' }],
  ['US citizen "Maybe"', { isUSCitizen: 'Maybe' }],
  ['hex ownership "0x64"', { ownershipPercent: '0x64' }],
  ['exponent credit score "1e3"', { creditReport: '7e2' }],
  ['a NUL byte in the first name', { firstName: 'Ada\u0000' }],
  ['a 90 KB last name', { lastName: 'x'.repeat(90_000) }],
  ['state ZZ', { state: 'ZZ' }],
];

describe('invalid values are refused by the saves they were sent to', () => {
  it.each(financial)('financial: %s', async (what, change) => {
    expect((await replay(`financial: ${what}`, `/business/${businessId}`, { ...FINANCIAL, ...change })).status).toBe(
      400,
    );
  });
  it.each(question)('business question: %s', async (what, change) => {
    expect((await replay(`question: ${what}`, `/business/${businessId}`, { ...QUESTION, ...change })).status).toBe(400);
  });
  it.each(details)('business details: %s', async (what, change) => {
    expect((await replay(`details: ${what}`, `/business/${businessId}`, { ...DETAILS, ...change })).status).toBe(400);
  });
  it.each(owner)('owners: %s', async (what, change) => {
    const answer = await replay(`owners: ${what}`, `/owner/${ownerSetId}`, { owners: [{ ...OWNER, ...change }] });
    expect(answer.status).toBe(400);
  });

  it.each([
    ['a NUL byte in the first name', { firstName: 'Ada\u0000' }],
    ['a 90 KB last name', { lastName: 'x'.repeat(90_000) }],
    ['{"$ne":null} business name', { businessName: { $ne: null } }],
    ['a number as first name', { firstName: 42 }],
    ['a line break in the business name', { businessName: 'Acme\nCorp' }],
    ['a NUL byte in the affiliate id', { affiliateId: 'a\u0000b' }],
  ])('sign-up: %s', async (what, change) => {
    const tag = `sec-invalid-signup-${what.replace(/\W+/g, '-')}`;
    const answer = await new HostileClient().post('/auth/register', { ...applicantFor(tag), ...change });
    if (answer.status < 300) {
      tally.invalidAccepted++;
      accepted.push(`sign-up: ${what}`);
    }
    expect(answer.status).toBe(400);
    expect(
      await mongo
        .db()
        .collection('users')
        .findOne({ userName: `${tag}@example.com` }),
    ).toBeNull();
  });
});

describe('nothing invalid was stored or reached the CRM', () => {
  it('accepted none of them', () => {
    expect(accepted).toEqual([]);
    expect(tally.invalidAccepted).toBe(0);
    expect(tally.serverErrors).toBe(0);
  });

  it('keeps the valid answers on file', async () => {
    // A last valid change: once the lead shows it, every change sent before it has been written too.
    expect((await applicant.client.patch(`/business/${businessId}`, { ...DETAILS, city: 'Dallas' })).status).toBe(200);
    expect(
      (await applicant.client.patch(`/owner/${ownerSetId}`, { owners: [{ ...OWNER, city: 'Dallas' }] })).status,
    ).toBe(200);
    const user = (await applicant.client.get(`/user/by-email/${encodeURIComponent(EMAIL)}`)).body.data;
    const app = user.applications[0];
    expect(app.business[0]).toMatchObject({
      annualRevenue: 1_200_000,
      amountRequested: 150_000,
      businessStartDate: '2015-06-01',
      useOfProceeds: 'Working Capital',
      businessName: 'Hostile Engines LLC',
      legalEntity: 'LLC',
      acceptsCreditCards: 'Yes',
      industry: DETAILS.industry,
      naics: '541',
      numberOfEmployees: 12,
      website: DETAILS.website,
      productsInterestedIn: DETAILS.productsInterestedIn,
      avgDailyBalance: 2500,
    });
    expect(app.business[0].addressData).toMatchObject({ country: 'US', state: 'TX', city: 'Dallas' });
    expect(app.owners.owners).toHaveLength(1);
    expect(app.owners.owners[0]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', isUSCitizen: 'Yes' });
    expect(app.owners.owners[0].addressData).toMatchObject({ country: 'US', state: 'TX', city: 'Dallas' });

    const db = mongo.db();
    const stored = JSON.stringify([
      await db.collection('businesses').findOne({ _id: new ObjectId(businessId) }),
      await db.collection('ownersets').findOne({ _id: new ObjectId(ownerSetId) }),
      await db.collection('users').findOne({ userName: EMAIL }),
    ]);
    for (const bad of [
      '[object Object]',
      '\\u0000',
      'javascript:',
      'Banana',
      'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    ])
      expect(stored).not.toContain(bad);
  });

  it('sent none of them to the CRM lead', async () => {
    const lead = await leadWhen((l) => l.City === 'Dallas' && l.Owner_1_Home_City__c === 'Dallas');
    expect(lead).toMatchObject({
      AnnualRevenue: 1_200_000,
      csbs__Amount_Requested__c: 150_000,
      Business_Start_Date__c: '2015-06-01',
      Use_of_Proceeds__c: 'Working Capital',
      Entity_Type__c: 'LLC',
      Company: 'Hostile Engines LLC',
      Country: 'US',
      State: 'TX',
      Industry: DETAILS.industry,
      NAICS__c: '541',
      NumberOfEmployees: 12,
      Website: DETAILS.website,
      Product_Interest__c: 'Line of Credit;Term Loan',
      Owner_1_First_Name__c: 'Ada',
      Owner_1_Home_Country__c: 'US',
      Owner_1_Birthdate__c: OWNER.dateOfBirth,
      Owner_1_SSN__c: '123456789',
    });
    const written = JSON.stringify(lead);
    for (const bad of ['[object Object]', '\\u0000', 'javascript:', 'data:text/html', 'Banana', 'Bitcoin', 'Maybe'])
      expect(written).not.toContain(bad);
    const signUps = (await leads()).filter((l) => String(l.Email).startsWith('sec-invalid-signup-'));
    expect(signUps).toEqual([]);
  });
});
