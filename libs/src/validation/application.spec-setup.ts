import { messageText } from './codes';
// The rule sets' phone rule reads with the library phone.ts gives it as it loads (the libs index loads it).
import './phone';
import { validateForm, type RuleSet } from './rules';

/** The rules answer codes; the English the api answers for them is what the specification words. */
export const english = (code: string | undefined) => (code === undefined ? undefined : messageText(code));
const inEnglish = (found: Record<string, string>) =>
  Object.fromEntries(Object.entries(found).map(([k, v]) => [k, messageText(v)]));

/**
 * A section's rules checked on its valid answers with `change` over them: the errors `validateForm` finds,
 * in the specification's English.
 */
export const check = (rules: RuleSet, valid: Record<string, unknown>) => (change: Record<string, unknown>) =>
  inEnglish(validateForm(rules, { ...valid, ...change }));

export * from './valid-answers.spec-setup';
