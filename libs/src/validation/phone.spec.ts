import min from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import { BUSINESS_DETAILS_RULES, OWNER_RULES, checkOwnerSet } from './application';
import { COMMON_CODES, messageText } from './codes';
import { PHONE_INPUT_MAX_LENGTH } from './formats';
import { formatPhone, nationalDigits, phoneE164, readPhone } from './phone';
import { NANP_METADATA } from './phone-metadata';
import { SIGN_UP_RULES } from './sign-up';

const C = COMMON_CODES;

/** What the input holds once `text` is typed into it one key at a time, each key's value through the mask. */
const typed = (text: string) => [...text].reduce((shown, key) => formatPhone(shown + key), '');
/** What the input holds once `text` is pasted into it: the browser keeps the first maxLength characters. */
const pasted = (text: string) => formatPhone(text.slice(0, PHONE_INPUT_MAX_LENGTH));

/** Every phone input and the rule its form (and the api's DTO) judges it by. */
const FIELDS = [
  ['sign-up phone', SIGN_UP_RULES.phone, C.phoneRequired],
  ['business phone', BUSINESS_DETAILS_RULES.phoneNumber, 'application.businessPhoneRequired'],
  ['owner phone', OWNER_RULES.phoneNumber, C.phoneRequired],
] as const;

/** The ways a person writes one Montreal number (it was read as (151) 455-5010). */
const MONTREAL = [
  '(514) 555-0100',
  '5145550100',
  '514-555-0100',
  '514.555.0100',
  '+1 (514) 555-0100',
  '+15145550100',
  '+1-514-555-0100',
  '1-514-555-0100',
  '1 (514) 555-0100',
  '15145550100',
  '001 514 555 0100',
];

describe.each(FIELDS)('the %s', (_, rule, requiredCode) => {
  it.each(MONTREAL)('takes %j typed or pasted, shown (514) 555-0100 and kept as +15145550100', (text) => {
    for (const shown of [typed(text), pasted(text)]) {
      expect(shown).toBe('(514) 555-0100');
      expect(rule(shown, {})).toBeUndefined();
      expect(phoneE164(shown)).toBe('+15145550100');
    }
    // The api takes what a client sends as it is, in any of the same forms.
    expect(rule(text, {})).toBeUndefined();
    expect(phoneE164(text)).toBe('+15145550100');
  });

  it('takes a US number the same way', () => {
    expect(typed('+1 212 555 0123')).toBe('(212) 555-0123');
    expect(rule('+12125550123', {})).toBeUndefined();
    expect(phoneE164('1-212-555-0123')).toBe('+12125550123');
  });

  it.each(['+44 20 7946 0958', '+442079460958', '011 44 20 7946 0958', '0044 20 7946 0958', '+33 6 12 34 56 78'])(
    'refuses %j, from another country, with advice, shown as it was written',
    (text) => {
      expect(pasted(text)).toBe(text);
      expect(typed(text).replace(/\D/g, '')).toBe(text.replace(/\D/g, ''));
      expect(rule(pasted(text), {})).toBe(C.phoneOutsideUsCanada);
      expect(rule(text, {})).toBe(C.phoneOutsideUsCanada);
    },
  );

  it('refuses a number of another +1 country (Jamaica) with the same advice', () =>
    expect(rule('(876) 555-0100', {})).toBe(C.phoneOutsideUsCanada));

  it.each([
    ['514555010', 'too short'],
    ['(514) 555-010', 'too short, masked'],
    ['+1 514 555 010', 'too short, international'],
    ['51455501000', 'too long'],
    ['(555) 123-4567', 'an area code that does not exist'],
    ['(123) 456-7890', 'an area code starting with 1'],
    ['(514) 555-0100 ext. 12', 'an extension'],
    ['call me', 'words'],
    ['   ', 'spaces'],
  ])('refuses %j (%s) with the message of today', (text) => {
    expect(rule(text, {})).toBe(C.phoneFormat);
    // Typed, the mask keeps no letters: what is left is refused the same way, or is no number at all.
    expect(rule(typed(text), {})).toBe(/\d/.test(text) ? C.phoneFormat : requiredCode);
  });

  it('asks for a number when there is none, and refuses what is not text', () => {
    expect(rule('', {})).toBe(requiredCode);
    expect(rule(undefined, {})).toBe(requiredCode);
    expect(rule(5145550100, {})).toBe(C.invalidValue);
  });
});

describe('the phone as it is typed', () => {
  it('shows the national format as the digits come', () => {
    expect(typed('514')).toBe('(514');
    expect(typed('5145')).toBe('(514) 5');
    expect(typed('514555')).toBe('(514) 555');
    expect(typed('5145550')).toBe('(514) 555-0');
  });

  it('keeps a leading 1 or +1 until the number is complete, then drops it', () => {
    expect(typed('1')).toBe('1');
    expect(typed('1514')).toBe('1 (514');
    expect(typed('+1514')).toBe('+1 514');
    expect(typed('15145550100')).toBe('(514) 555-0100');
  });

  it('lets a backspace through a bracket or a dash', () => {
    expect(formatPhone('(514')).toBe('(514');
    expect(formatPhone('(514) ')).toBe('(514');
    expect(formatPhone('(514) 555-')).toBe('(514) 555');
    expect(formatPhone('')).toBe('');
  });

  it('shows a digit too many as it was typed, for the rule to refuse', () => {
    expect(typed('51455501000')).toBe('51455501000');
    expect(readPhone(typed('51455501000')).error).toBe(C.phoneFormat);
  });

  it('has room for a pasted international form', () => {
    expect('+1 (514) 555-0100'.length).toBeLessThanOrEqual(PHONE_INPUT_MAX_LENGTH);
    expect('+44 (0) 20 7946 0958'.length).toBeLessThanOrEqual(PHONE_INPUT_MAX_LENGTH);
  });

  it('says in English what to do about a number of another country', () =>
    expect(messageText(C.phoneOutsideUsCanada)).toBe(
      'Please enter a US or Canadian phone number, like (514) 555-0100. Numbers from other countries are not accepted.',
    ));
});

describe('stored phones, of today and of older records', () => {
  it.each(['+15145550100', '5145550100', '(514) 555-0100'])('%j is shown (514) 555-0100', (stored) => {
    expect(formatPhone(stored)).toBe('(514) 555-0100');
    expect(phoneE164(stored)).toBe('+15145550100');
    expect(nationalDigits(stored)).toBe('5145550100');
  });

  it('shows an older record the rules of today refuse as it reads, never lost', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(nationalDigits('+15551234567')).toBe('5551234567');
    expect(nationalDigits('(555) 123-4567')).toBe('5551234567');
    expect(nationalDigits('')).toBe('');
  });
});

describe('the owners set', () => {
  const a = { ownershipPercent: 60, phoneNumber: '(514) 555-0100', ownerEmailId: 'a@example.com' };
  const b = { ownershipPercent: 40, phoneNumber: '(212) 555-0123', ownerEmailId: 'b@example.com' };

  it('takes two numbers', () => expect(checkOwnerSet([a, b])).toBeUndefined());
  it.each(['+15145550100', '1-514-555-0100', '5145550100'])('refuses %j beside (514) 555-0100: one number', (p) =>
    expect(checkOwnerSet([a, { ...b, phoneNumber: p }])?.message).toBe('application.phonesUnique'),
  );
});

describe('the metadata', () => {
  it("is the installed library's own min metadata for +1 (else: node tools/phone-metadata/generate.mjs)", () => {
    const nanp = min.country_calling_codes['1']!;
    expect(NANP_METADATA).toEqual({
      version: min.version,
      country_calling_codes: { '1': nanp },
      countries: Object.fromEntries(nanp.map((c) => [c, (min.countries as Record<string, unknown>)[c]])),
      nonGeographic: {},
    });
  });
});
