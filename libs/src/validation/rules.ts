import { MESSAGES } from './messages';

/** A rule answers the message to show, or undefined when the value passes. */
export type Rule = (value: unknown, form: Readonly<Record<string, unknown>>) => string | undefined;

export const DEFAULT_MAX_LENGTH = 200;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

export const required =
  (message: string = MESSAGES.required): Rule =>
  (v) =>
    text(v) === '' ? message : undefined;

export const notBlank: Rule = (v) => {
  const s = text(v);
  return s !== '' && s.trim() === '' ? MESSAGES.whitespace : undefined;
};

export const maxLength =
  (n: number, message: string = MESSAGES.maxLength(n)): Rule =>
  (v) =>
    text(v).length > n ? message : undefined;

export const minLength =
  (n: number, message: string): Rule =>
  (v) => {
    const s = text(v);
    return s !== '' && s.length < n ? message : undefined;
  };

export const pattern =
  (re: RegExp, message: string): Rule =>
  (v) => {
    const s = text(v);
    return s !== '' && !re.test(s) ? message : undefined;
  };

export const sameAs =
  (field: string, message: string): Rule =>
  (v, form) =>
    text(v) !== '' && text(v) !== text(form[field]) ? message : undefined;

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

/** A required free-text field: the general rules of section 5. */
export const requiredText = (message?: string, max = DEFAULT_MAX_LENGTH): Rule =>
  all(required(message), notBlank, maxLength(max));

export type RuleSet = Readonly<Record<string, Rule>>;

/** Validates a whole form: field name to first failing message. */
export function validateForm(rules: RuleSet, form: Readonly<Record<string, unknown>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const m = rule(form[field], form);
    if (m) errors[field] = m;
  }
  return errors;
}
