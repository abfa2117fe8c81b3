import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { validateForm, type RuleSet } from '@portal/libs';

/** Field name to message, as the libs rules answer them, in react-hook-form's error shape. */
export const toFieldErrors = <T extends FieldValues>(found: Record<string, string>): FieldErrors<T> =>
  Object.fromEntries(
    Object.entries(found).map(([name, message]) => [name, { type: 'rule', message }]),
  ) as FieldErrors<T>;

/**
 * A react-hook-form resolver over the libs rules the api DTOs use, so the form refuses exactly what the
 * server refuses, with the spec's messages. `rules` may depend on the values (the owner cards).
 */
export function rulesResolver<T extends FieldValues>(rules: RuleSet | ((values: T) => RuleSet)): Resolver<T> {
  return (values) => {
    const found = validateForm(typeof rules === 'function' ? rules(values) : rules, values);
    return Object.keys(found).length ? { values: {}, errors: toFieldErrors<T>(found) } : { values, errors: {} };
  };
}
