import { getMetadataStorage } from 'class-validator';
import { describe, expect, it } from 'vitest';
import {
  API_CODES,
  APPLICATION_CODES,
  BUSINESS_DETAILS_RULES,
  COMMON_CODES,
  BUSINESS_QUESTION_RULES,
  FINANCIAL_RULES,
  normalizeZip,
  validateForm,
  type RuleSet,
} from '@portal/libs';
import { validateBody } from '../common/validation.pipe';
import { BusinessSectionBody, SECTION_DTOS } from './business.dto';

/** The properties a DTO validates, in the order its refusal lists them. */
const propertiesOf = (dto: new () => object) => [
  ...new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .map((m) => m.propertyName),
  ),
];

/** What the refusal of `body` answers (`message` and `fields`), or undefined when it passes. */
async function refusalOf(dto: new () => object, body: Record<string, unknown>) {
  try {
    await validateBody(dto, body);
    return undefined;
  } catch (e) {
    return (e as { getResponse(): unknown }).getResponse();
  }
}

/** What assertValid answered with the same rule set (before the DTOs): the first message and every field's. */
const asRuleSet = (rules: RuleSet, body: Record<string, unknown>) => {
  const fields = validateForm(rules, body);
  const message = Object.values(fields)[0];
  return message ? { message, fields } : undefined;
};

const BODIES: Record<string, unknown>[] = [
  {},
  { annualRevenue: '120000', amountRequested: '50000' },
  { annualRevenue: { $gt: 0 }, amountRequested: ['1'], extra: true },
  { businessStarted: 'No' },
  { businessStarted: 'Maybe', businessStartDate: 3 },
  { businessStarted: 'Yes', businessStartDate: '2099-01-01', useOfProceeds: 7 },
  { businessStartDate: '2001-02-03', useOfProceeds: {} },
  { country: 'CA', zip: '90210', state: 'CA', federalTaxId: '12-3456789', website: 'javascript:alert(1)' },
  { country: 'US', zip: 'K1A 0B1', state: 'ON', federalTaxId: 123456789, hasRealEstate: 'maybe' },
  { businessName: 'x'.repeat(300), productsInterestedIn: 'all', numberOfEmployees: -1, hasBusinessBankAccount: 'y' },
];

describe('the business sections as DTOs', () => {
  it('each section DTO follows every rule of its libs rule set, in the set’s order', () => {
    expect(propertiesOf(SECTION_DTOS.financial)).toEqual(Object.keys(FINANCIAL_RULES));
    expect(propertiesOf(SECTION_DTOS.question)).toEqual(Object.keys(BUSINESS_QUESTION_RULES));
    expect(propertiesOf(SECTION_DTOS.details)).toEqual(Object.keys(BUSINESS_DETAILS_RULES));
  });

  it.each(BODIES.map((b) => [JSON.stringify(b).slice(0, 80), b]))(
    'refuses %s exactly as the rule sets did',
    async (_name, body) => {
      expect(await refusalOf(SECTION_DTOS.financial, body)).toEqual(asRuleSet(FINANCIAL_RULES, body));
      expect(await refusalOf(SECTION_DTOS.details, body)).toEqual(asRuleSet(BUSINESS_DETAILS_RULES, body));
      // The question step judged businessStarted alone first, and the rest only for a Yes (or none).
      const started = asRuleSet({ businessStarted: BUSINESS_QUESTION_RULES.businessStarted }, body);
      const question =
        started ?? (body.businessStarted === 'No' ? undefined : asRuleSet(BUSINESS_QUESTION_RULES, body));
      expect(await refusalOf(SECTION_DTOS.question, body)).toEqual(question);
    },
  );

  it('an unknown section is refused alone, with no fields', async () => {
    for (const section of [undefined, 'other', ['details'], { toString: 'details' }])
      expect(await refusalOf(BusinessSectionBody, { section })).toMatchObject({
        message: API_CODES.sectionInvalid,
        statusCode: 400,
      });
    expect(await refusalOf(BusinessSectionBody, { section: 'other' })).not.toHaveProperty('fields');
    expect(await refusalOf(BusinessSectionBody, { section: 'details', anything: 1 })).toBeUndefined();
  });

  it('takes the plain numbers the form sends, with the form’s words for the number checks; text written the French way is refused, never misread', async () => {
    expect(
      await refusalOf(SECTION_DTOS.financial, { annualRevenue: 450000.5, amountRequested: 75000.25 }),
    ).toBeUndefined();
    expect(await refusalOf(SECTION_DTOS.financial, { annualRevenue: 0, amountRequested: 99_000_001 })).toMatchObject({
      fields: { annualRevenue: APPLICATION_CODES.valueZero, amountRequested: APPLICATION_CODES.valueTooLarge },
    });
    expect(
      await refusalOf(SECTION_DTOS.financial, { annualRevenue: '450 000,50', amountRequested: '450\u00a0000,50 $' }),
    ).toMatchObject({ fields: { annualRevenue: COMMON_CODES.notANumber, amountRequested: COMMON_CODES.notANumber } });
    // Three digits after the point are thousands written another way, or a slip: never read as 450.
    expect(await refusalOf(SECTION_DTOS.financial, { annualRevenue: '450.000', amountRequested: '$60,000' })).toEqual({
      message: COMMON_CODES.thousandsOrCents,
      fields: { annualRevenue: COMMON_CODES.thousandsOrCents },
    });
  });

  it('takes the business phone in any form of a US or Canadian number, and refuses another country’s with its code', async () => {
    const phoneOf = async (phoneNumber: unknown) =>
      ((await refusalOf(SECTION_DTOS.details, { phoneNumber })) as { fields?: Record<string, string> } | undefined)
        ?.fields?.phoneNumber;
    for (const written of ['+15145550100', '(514) 555-0100', '+1 (514) 555-0100', '1-514-555-0100', '5145550100'])
      expect(await phoneOf(written), written).toBeUndefined();
    expect(await phoneOf('+44 20 7946 0958')).toBe(COMMON_CODES.phoneOutsideUsCanada);
    expect(await phoneOf('(876) 555-0100')).toBe(COMMON_CODES.phoneOutsideUsCanada);
    expect(await phoneOf('(514) 555-010')).toBe(COMMON_CODES.phoneFormat);
    expect(await phoneOf('(555) 123-4567')).toBe(COMMON_CODES.phoneFormat);
    expect(await phoneOf('')).toBe(APPLICATION_CODES.businessPhoneRequired);
  });

  it('takes a postal code or zip however it is cased and spaced, judged in the form it is kept in', async () => {
    const zipOf = async (country: string, zip: unknown) =>
      ((await refusalOf(SECTION_DTOS.details, { country, zip })) as { fields?: Record<string, string> } | undefined)
        ?.fields?.zip;
    for (const written of ['h2x 1y4', 'h2x1y4', ' H2X  1y4 ', 'H2X 1Y4']) {
      expect(await zipOf('CA', written), written).toBeUndefined();
      expect(normalizeZip(written)).toBe('H2X 1Y4');
    }
    for (const written of [' 78701 ', '78701-1234 ']) {
      expect(await zipOf('US', written), written).toBeUndefined();
      expect(normalizeZip(written)).toBe(written.trim());
    }
    expect(await zipOf('CA', 'h2x 1y')).toBe(APPLICATION_CODES.postalInvalid);
    expect(await zipOf('CA', '   ')).toBe(APPLICATION_CODES.postalRequired);
    expect(await zipOf('US', ' 7870 ')).toBe(APPLICATION_CODES.usZipInvalid);
  });
});
