import type { Rule, RuleSet } from './rules';

/**
 * Masked answers, so the full numbers are never sent back to a browser. The api answers SSN/SIN, EIN/BN and date of
 * birth masked (`*****6789`, `**-***6789`, `****-**-**`); a form shows them as they came. The contract: a step
 * re-saved with a masked value untouched sends that exact mask back, and the api keeps what is on file for that same
 * record. A mask that is not the one the api gives for what is on file (another tail, or a new owner card with nothing
 * on file) is never a value: the field's own rule refuses it.
 */

/** Masked text: a value with the mask's `*` in it (no SSN, tax id or date ever has one). */
export const isMasked = (v: unknown): v is string => typeof v === 'string' && v.includes('*');

/**
 * The stored value when `sent` is exactly the mask the api shows for it (`shown`, the mask of the stored
 * value), else `sent` as it came (to be judged by the field's rule, which refuses any other mask).
 */
export const keepMasked = (sent: unknown, stored: string | undefined, shown: string): unknown =>
  isMasked(sent) && stored && sent === shown ? stored : sent;

/**
 * The form's rules, each masked field letting through the exact mask the form was given for it (`shown`,
 * the api's answer): the api keeps what is on file for it. Any other value meets the field's own rule.
 */
export function withShownMasks(rules: RuleSet, shown: Readonly<Record<string, unknown>>): RuleSet {
  const masked = Object.entries(shown).filter(([name, v]) => isMasked(v) && rules[name]);
  if (!masked.length) return rules;
  return {
    ...rules,
    ...Object.fromEntries(
      masked.map(([name, mask]): [string, Rule] => [
        name,
        (v, form) => (v === mask ? undefined : rules[name]!(v, form)),
      ]),
    ),
  } satisfies RuleSet;
}

/**
 * What a field holds once the applicant types into it: over a masked value (`was`), only what was typed
 * after the mask; what replaced the whole mask (typing over it selected, a paste, autofill) as it is;
 * editing inside the mask or deleting from it starts the field afresh. Else `typed`.
 */
export const typedOverMask = (was: unknown, typed: string): string => {
  if (!isMasked(was)) return typed;
  if (typed.startsWith(was)) return typed.slice(was.length);
  return typed.includes('*') ? '' : typed;
};
