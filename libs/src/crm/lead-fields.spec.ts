import { describe, expect, it } from 'vitest';
import { leadCountryOf } from './lead-country';
import { affiliateStatusAnswer, leadFieldsOf, newLeadFields, type LeadOwner } from './lead-fields';

const owner: LeadOwner = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '5551234567',
  email: 'ada@example.com',
  dateOfBirth: '1980-12-10',
  ownershipPercent: 40,
  address: '1 Main St',
  city: 'Albany',
  state: 'NY',
  zip: '12207',
  country: 'US',
  ssn: '123456789',
  creditScore: 720,
};

describe('the lead mapper: financial and business answers', () => {
  it('writes the financial step as the lead has always had it', () => {
    const fields = leadFieldsOf({ annualRevenue: 1_000_000, amountRequested: 150_000, monthlyRevenue: 83333.333 });
    expect(fields).toEqual({
      AnnualRevenue: 1_000_000,
      csbs__Amount_Requested__c: 150_000,
      Monthly_Revenue_Range__c: '83333.33',
    });
  });

  it('writes the business details in the same fields and order', () => {
    const fields = leadFieldsOf({
      businessName: 'Acme',
      dbaName: 'Acme',
      legalEntity: 'LLC',
      federalTaxId: '12-3456789',
      avgDailyBalance: null,
      openLoanBalances: 0,
      naics: '541',
      stateOfIncorporation: 'NY',
      productsInterestedIn: ['Line of Credit', 'Term Loan'],
      acceptsCreditCards: true,
      hasOpenBusinessLoans: false,
      hasBusinessBankAccount: true,
      country: 'US',
      zip: '12207',
      address: '1 Main St',
      suiteFloor: 'Suite 2',
      city: 'Albany',
      state: 'NY',
      industry: 'Retail',
      numberOfEmployees: null,
      phoneNumber: '(555) 123-4567',
      website: '',
    });
    expect(Object.entries(fields)).toEqual([
      ['Company', 'Acme'],
      ['DBA__c', 'Acme'],
      ['Entity_Type__c', 'LLC'],
      ['EIN__c', '12-3456789'],
      ['Average_Daily_Balance__c', null],
      ['Open_Loan_Balances__c', 0],
      ['NAICS__c', '541'],
      ['State_of_Incorporation__c', 'NY'],
      ['Product_Interest__c', 'Line of Credit;Term Loan'],
      ['Accepts_Credit_Cards__c', true],
      ['Has_Open_Business_Loans__c', false],
      ['Has_Business_Bank_Account__c', true],
      ['Country', 'US'],
      ['PostalCode', '12207'],
      ['Street', '1 Main St, Suite 2'],
      ['City', 'Albany'],
      ['State', 'NY'],
      ['Industry', 'Retail'],
      ['NumberOfEmployees', null],
      ['Phone', '(555) 123-4567'],
      ['Website', ''],
    ]);
    expect(leadFieldsOf({ address: '1 Main St', suiteFloor: '' })).toEqual({ Street: '1 Main St' });
  });

  it('writes a postal code in its one written form, a change queued before the api normalised it included', () => {
    expect(leadFieldsOf({ zip: 'h2x 1y4', owner1: { ...owner, zip: 'k1a0b1 ' } })).toMatchObject({
      PostalCode: 'H2X 1Y4',
      Owner_1_Home_Zip__c: 'K1A 0B1',
    });
    expect(leadFieldsOf({ zip: ' 12207 ' })).toEqual({ PostalCode: '12207' });
  });
});

describe('the lead mapper: phones stored as E.164', () => {
  it("writes the business phone and the owners' mobiles as the CRM has always had them", () => {
    const fields = leadFieldsOf({
      phoneNumber: '+15145550100',
      owner1: { ...owner, phoneNumber: '+12125550123' },
      owner2: { ...owner, phoneNumber: '+14165550199' },
    });
    expect(fields).toMatchObject({
      Phone: '(514) 555-0100',
      Owner_1_Mobile__c: '2125550123',
      Owner_2_Mobile__c: '4165550199',
    });
  });

  it('writes a change recorded before, in the old shapes, exactly as it was', () =>
    expect(
      leadFieldsOf({ phoneNumber: '(514) 555-0100', owner1: { ...owner, phoneNumber: '2125550123' } }),
    ).toMatchObject({ Phone: '(514) 555-0100', Owner_1_Mobile__c: '2125550123' }));
});

describe('the lead mapper: owners, status and new leads', () => {
  it('writes owners 1 and 2 with the portal status', () => {
    const fields = leadFieldsOf({
      owner1: owner,
      portalStatus: 'Missing Signed Application;Missing Bank Statements;No Offer Selected',
      hasSecondOwner: true,
      owner2: { ...owner, firstName: 'Charles' },
    });
    expect(fields).toMatchObject({
      Owner_1_First_Name__c: 'Ada',
      Owner_1_Mobile__c: '5551234567',
      Owner_1_Email__c: 'ada@example.com',
      Owner_1_Birthdate__c: '1980-12-10',
      Owner_1_Ownership__c: 40,
      Owner_1_Home_Street__c: '1 Main St',
      Owner_1_Home_Country__c: 'US',
      Owner_1_SSN__c: '123456789',
      Owner_1_Credit_Score__c: 720,
      Owner_1_Credit_Score_Text__c: '720',
      Portal_Status__c: 'Missing Signed Application;Missing Bank Statements;No Offer Selected',
      Has_Second_Owner__c: true,
      Owner_2_First_Name__c: 'Charles',
    });
    expect(Object.keys(fields)).toHaveLength(14 + 2 + 14);
  });

  it('writes the lead status and its detail', () => {
    expect(leadFieldsOf({ leadStatus: 'Open - Not Contacted', leadStatusDetail: null })).toEqual({
      Status: 'Open - Not Contacted',
      Status_Detail__c: null,
    });
  });

  it('passes a change queued in Salesforce words before the mapper as it is', () => {
    const old = { City: 'Hampton', Status_Detail__c: 'Abandoned', csbs__Amount_Requested__c: 5 };
    expect(leadFieldsOf(old)).toEqual(old);
    // Merged with a newer change in the portal's words: the newer one wins for the same field.
    expect(leadFieldsOf({ ...old, leadStatusDetail: 'Withdrawn', city: 'Norfolk' })).toEqual({
      City: 'Norfolk',
      Status_Detail__c: 'Withdrawn',
      csbs__Amount_Requested__c: 5,
    });
  });

  it('reads the business country from either shape', () => {
    expect(leadCountryOf({ country: 'CA' })).toBe('CA');
    expect(leadCountryOf({ Country: 'US' })).toBe('US');
    expect(leadCountryOf({ owner1: owner })).toBeUndefined();
    expect(leadCountryOf({ country: 'Canada' })).toBeUndefined();
  });

  it('names a new lead and the affiliate answer', () => {
    expect(
      newLeadFields({
        applicationId: 'a1',
        firstName: 'Ada',
        lastName: 'L',
        email: 'a@example.com',
        phone: '+15551234567',
        company: 'Acme',
      }),
    ).toEqual({
      FirstName: 'Ada',
      LastName: 'L',
      Email: 'a@example.com',
      MobilePhone: '+15551234567',
      Phone: '+15551234567',
      Company: 'Acme',
      Portal_Application_Id__c: 'a1',
    });
    expect(affiliateStatusAnswer('Active', '012')).toEqual({ Status__c: 'Active', RecordTypeId: '012' });
  });
});
