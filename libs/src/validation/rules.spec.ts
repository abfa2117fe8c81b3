import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTERS,
  fromList,
  maxLength,
  notBlank,
  optionalText,
  pattern,
  required,
  requiredText,
  sameAs,
  yesNoOrBoolean,
} from './rules';
import { messageText } from './codes';

/** The rules answer codes; the English the api answers for them is what the specification words. */
const english = (code: string | undefined) => (code === undefined ? undefined : messageText(code));

/** Any JSON value a hostile client may send that is not text (null and absent are 'no answer'). */
const notText = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant({ $ne: null }),
  fc.dictionary(fc.string(), fc.string()),
  fc.array(fc.string()),
);

describe('text rules refuse values that are not text ({"$ne":null} became "[object Object]")', () => {
  const rules = {
    required: required('Legal entity is required'),
    notBlank,
    maxLength: maxLength(200),
    pattern: pattern(/^\d+$/, 'digits'),
    sameAs: sameAs('other', 'Passwords do not match'),
    requiredText: requiredText(),
    optionalText: optionalText(),
  };
  it.each(Object.entries(rules))('%s answers Invalid value for any non-text value', (_, rule) => {
    fc.assert(
      fc.property(notText, (v) => {
        expect(english(rule(v, { other: 'x' }))).toBe('Invalid value');
      }),
    );
  });

  it('still treats null and undefined as no answer', () => {
    expect(english(rules.required(null, {}))).toBe('Legal entity is required');
    expect(rules.optionalText(undefined, {})).toBeUndefined();
    expect(rules.optionalText(null, {})).toBeUndefined();
  });
});

describe('free text: a length limit and no control characters', () => {
  const rule = requiredText('First name is required');
  it.each([
    ['Ada', undefined],
    ['', 'First name is required'],
    ['   ', 'Input cannot be only whitespace'],
    ['x'.repeat(200), undefined],
    ['x'.repeat(201), 'Must be 200 characters or less'],
    ['x'.repeat(90_000), 'Must be 200 characters or less'],
    ['Ada\u0000', 'Control characters are not allowed'],
    ['Ada\nLovelace', 'Control characters are not allowed'],
    ['Ada\u202eecalevol', 'Control characters are not allowed'],
    ['Zoë Ñúñez-O’Brien 李', undefined],
  ])('%j -> %s', (v, message) => expect(english(rule(v, {}))).toBe(message));

  it('refuses every text with a C0, DEL or C1 control character anywhere', () => {
    const control = fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f);
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), control, fc.string({ maxLength: 50 }), (a, c, b) => {
        const s = `x${a}${String.fromCharCode(c)}${b}`;
        expect(CONTROL_CHARACTERS.test(s)).toBe(true);
        if (s.length <= 200) expect(english(rule(s, {}))).toBe('Control characters are not allowed');
      }),
    );
  });
});

describe('pick-lists accept only their values', () => {
  const rule = fromList(['Yes', 'No'], 'Selection is required');
  it.each([['Yes'], ['No']])('%j passes', (v) => expect(rule(v, {})).toBeUndefined());
  it.each([[''], ['yes'], ['Maybe'], [{ $ne: null }], [['Yes']], [true], [1], [null]])('%j is refused', (v) =>
    expect(english(rule(v, {}))).toBe('Selection is required'),
  );
  it('takes Yes/No or a boolean where the form sends Yes/No and a JSON client a boolean', () => {
    const citizen = yesNoOrBoolean('A selection is required');
    for (const v of ['Yes', 'No', true, false]) expect(citizen(v, {})).toBeUndefined();
    for (const v of ['', 'yes', 1, { $ne: null }, null])
      expect(english(citizen(v, {}))).toBe('A selection is required');
  });
});
