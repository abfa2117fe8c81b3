import { describe, expect, it } from 'vitest';
import { SIGN_UP_RULES } from '../validation/sign-up';
import { validateForm } from '../validation/rules';
import { loadEnv } from '../config/env';
import { WORKER_SETTINGS } from '../config/settings';
import {
  CRM_FIELD_LENGTHS,
  capCrmFields,
  crmAddressFields,
  orgPicklistValues,
  parseFieldLengths,
  parsePicklistValues,
} from './fields';

describe('CRM field lengths', () => {
  it("are Salesforce's lengths of the standard Lead fields", () => {
    expect(CRM_FIELD_LENGTHS).toMatchObject({
      FirstName: 40,
      LastName: 80,
      Email: 80,
      Company: 255,
      Phone: 40,
      Street: 255,
      City: 40,
      State: 80,
      PostalCode: 20,
    });
  });

  it('are the limits of the sign-up form, so a form value is a value the lead stores', () => {
    const at = (n: number) => 'x'.repeat(n);
    const ok = validateForm(SIGN_UP_RULES, {
      firstName: at(CRM_FIELD_LENGTHS.FirstName),
      lastName: at(CRM_FIELD_LENGTHS.LastName),
      businessName: at(CRM_FIELD_LENGTHS.Company),
    });
    expect(ok).not.toHaveProperty('firstName');
    expect(ok).not.toHaveProperty('lastName');
    expect(ok).not.toHaveProperty('businessName');
    const over = validateForm(SIGN_UP_RULES, { firstName: at(41), lastName: at(81), businessName: at(256) });
    expect(Object.keys(over)).toEqual(expect.arrayContaining(['firstName', 'lastName', 'businessName']));
  });

  it('caps every known string field, by characters, and leaves the rest alone', () => {
    const capped = capCrmFields({ FirstName: 'é'.repeat(200), Street: '1 Main', Other__c: 'x'.repeat(999), N: 5 });
    expect([...capped.FirstName]).toHaveLength(40);
    expect(capped).toMatchObject({ Street: '1 Main', N: 5 });
    expect(capped.Other__c).toHaveLength(999);
    expect(capCrmFields({ FirstName: '😀'.repeat(41) }).FirstName).toBe('😀'.repeat(40));
  });

  it('takes the org custom lengths from configuration and names a malformed entry', () => {
    expect(parseFieldLengths('DBA__c:80, NAICS__c:6')).toMatchObject({ DBA__c: 80, NAICS__c: 6, FirstName: 40 });
    expect(parseFieldLengths('none')).toMatchObject({ DBA__c: 255 });
    expect(parseFieldLengths('DBA__c=80')).toBe("'DBA__c=80' is not Field:length");
  });

  it('sends state and country codes to StateCode and CountryCode in a picklist org', () => {
    expect(crmAddressFields({ State: 'NY', Country: 'US', City: 'Albany' }, true)).toEqual({
      StateCode: 'NY',
      CountryCode: 'US',
      City: 'Albany',
    });
    expect(crmAddressFields({ State: 'NY' }, false)).toEqual({ State: 'NY' });
  });
});

describe('org-specific CRM configuration', () => {
  it("maps the spec's picklist values to the org's, from JSON, naming a malformed value", () => {
    const values = parsePicklistValues('{"Status":{"Closed - Not Converted":"Unqualified"}}');
    expect(orgPicklistValues({ Status: 'Closed - Not Converted', City: 'X' }, values as never)).toEqual({
      Status: 'Unqualified',
      City: 'X',
    });
    expect(parsePicklistValues('none')).toEqual({});
    expect(parsePicklistValues('{"Status":"x"}')).toBe('must map each field to an object of string values');
  });

  it("defaults the org's values to the spec's, and refuses the shared login host for client credentials", () => {
    expect(loadEnv(WORKER_SETTINGS, {})).toMatchObject({
      SF_CONVERTED_STATUS: 'Closed - Converted',
      SF_SUBMITTED_STAGE: 'Application Submitted',
      SF_STATE_COUNTRY_PICKLISTS: 'false',
    });
    expect(() => loadEnv(WORKER_SETTINGS, { SF_LOGIN_URL: 'https://login.salesforce.com' })).toThrow('My Domain');
    expect(loadEnv(WORKER_SETTINGS, { SF_LOGIN_URL: 'https://fundwise.my.salesforce.com' }).SF_LOGIN_URL).toBe(
      'https://fundwise.my.salesforce.com',
    );
  });
});
