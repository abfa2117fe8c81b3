import { COMMON_CODES, type MessageCode } from './codes';

/**
 * A rule answers the code of the message to show (`common.required`, see codes.ts), or undefined when the
 * value passes. The web translates the code; the api answers its English beside it.
 */
export type Rule = (value: unknown, form: Readonly<Record<string, unknown>>) => MessageCode | undefined;

export const DEFAULT_MAX_LENGTH = 200;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A value as text: absent (undefined or null) is '', a string is itself. Anything else (a number, an
 * object such as {"$ne":null}, an array) is not text and answers undefined: every text rule refuses it,
 * rather than reading String(value) ('[object Object]') or calling string methods on it.
 */
export const asText = (v: unknown): string | undefined =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v : undefined;

/** Absent: undefined, null, or text with nothing but whitespace. */
export const isAbsent = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/** A rule over text: a value that is not text is refused before `check` sees it. */
const textRule =
  (check: (s: string, form: Readonly<Record<string, unknown>>) => string | undefined): Rule =>
  (v, form) => {
    const s = asText(v);
    return s === undefined ? COMMON_CODES.invalidValue : check(s, form);
  };

/** Text of any content (including none): refuses only values that are not text. */
export const isText: Rule = textRule(() => undefined);

export const required = (message: string = COMMON_CODES.required): Rule =>
  textRule((s) => (s === '' ? message : undefined));

export const notBlank: Rule = textRule((s) => (s !== '' && s.trim() === '' ? COMMON_CODES.whitespace : undefined));

export const maxLength = (n: number, message: string = COMMON_CODES.maxLength(n)): Rule =>
  textRule((s) => (s.length > n ? message : undefined));

export const minLength = (n: number, message: string): Rule =>
  textRule((s) => (s !== '' && s.length < n ? message : undefined));

export const pattern = (re: RegExp, message: string): Rule =>
  textRule((s) => (s !== '' && !re.test(s) ? message : undefined));

export const sameAs = (field: string, message: string): Rule =>
  textRule((s, form) => (s !== '' && s !== asText(form[field]) ? message : undefined));

/**
 * Control characters (C0, DEL, C1) and the invisible ones that break or reorder a line (line and
 * paragraph separators, bidirectional overrides and isolates): nothing a one-line input holds, and
 * they corrupt what the CRM, the PDF and the emails show.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export const noControlCharacters: Rule = textRule((s) =>
  CONTROL_CHARACTERS.test(s) ? COMMON_CODES.controlCharacters : undefined,
);

/**
 * A name (a person's, a business's, a trade name) holds no '<' or '>': it goes as it is into the CRM, email
 * subjects and the generated PDF, where markup in it could do harm.
 */
export const noMarkup: Rule = textRule((s) => (/[<>]/.test(s) ? COMMON_CODES.markup : undefined));

/** Runs rules in order and answers the first message. */
export const all =
  (...rules: Rule[]): Rule =>
  (v, form) => {
    for (const rule of rules) {
      const m = rule(v, form);
      if (m) return m;
    }
    return undefined;
  };

/** Lets an absent value (undefined, null or '') pass; anything given must pass `rule`. */
export const optional =
  (rule: Rule): Rule =>
  (v, form) =>
    v === undefined || v === null || v === '' ? undefined : rule(v, form);

/**
 * One of a pick-list's values. Anything else, of any type, answers `message`: the form offers only
 * the list, so a value off it is as good as no selection.
 */
export const fromList =
  (options: readonly string[], message: string): Rule =>
  (v) =>
    typeof v === 'string' && options.includes(v) ? undefined : message;

/** A yes/no choice the form sends as 'Yes' or 'No' (a JSON client may send a boolean). */
export const yesNoOrBoolean =
  (message: string): Rule =>
  (v) =>
    v === 'Yes' || v === 'No' || v === true || v === false ? undefined : message;

/** An optional flag: a JSON boolean when given. */
export const optionalBoolean: Rule = (v) =>
  v === undefined || v === null || typeof v === 'boolean' ? undefined : COMMON_CODES.invalidValue;

/** A required free-text field: the specification's general rules, a length limit and no control characters. */
export const requiredText = (message?: string, max = DEFAULT_MAX_LENGTH, tooLong?: string): Rule =>
  all(required(message), maxLength(max, tooLong), noControlCharacters, notBlank);

/** An optional free-text field: the same rules when given. */
export const optionalText = (max = DEFAULT_MAX_LENGTH): Rule =>
  all(isText, maxLength(max), noControlCharacters, notBlank);

/** A JSON object (not null, not an array). */
export const isPlainObject = (v: unknown): v is Readonly<Record<string, unknown>> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The first field of `form` that `rules` do not name: a body may carry nothing else. */
export const unknownField = (rules: RuleSet, form: Readonly<Record<string, unknown>>): string | undefined =>
  Object.keys(form).find((k) => !Object.hasOwn(rules, k));

/**
 * A nested object: `notObject` when it is not one; else `invalid` when a field of it fails `rules` or is
 * not named by them.
 */
export const objectOf =
  (rules: RuleSet, notObject: MessageCode, invalid: MessageCode): Rule =>
  (v) =>
    !isPlainObject(v)
      ? notObject
      : unknownField(rules, v) !== undefined || Object.keys(validateForm(rules, v)).length
        ? invalid
        : undefined;

export type RuleSet = Readonly<Record<string, Rule>>;

/** Validates a whole form: field name to the code of its first failing message. */
export function validateForm(rules: RuleSet, form: Readonly<Record<string, unknown>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const m = rule(form[field], form);
    if (m) errors[field] = m;
  }
  return errors;
}
