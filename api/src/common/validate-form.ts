import { BadRequestException } from '@nestjs/common';
import { validateForm, type RuleSet } from '@portal/libs';

/** Runs a shared rule set on a body; refuses with the same shape as the validation pipe. */
export function assertValid(rules: RuleSet, body: Readonly<Record<string, unknown>>): void {
  const fields = validateForm(rules, body);
  const first = Object.values(fields)[0];
  if (first) throw new BadRequestException({ message: first, fields });
}

/** Only the named keys of a body: anything else the client sends is ignored, never stored. */
export function pick<K extends string>(body: Readonly<Record<string, unknown>>, keys: readonly K[]) {
  const out: Partial<Record<K, unknown>> = {};
  for (const k of keys) if (body[k] !== undefined) out[k] = body[k];
  return out;
}
