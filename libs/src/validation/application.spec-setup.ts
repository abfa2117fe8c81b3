import { validateForm, type RuleSet } from './rules';

/** A section's rules checked on its valid answers with `change` over them: the errors `validateForm` finds. */
export const check = (rules: RuleSet, valid: Record<string, unknown>) => (change: Record<string, unknown>) =>
  validateForm(rules, { ...valid, ...change });
