import { BadRequestException } from '@nestjs/common';
import { validateForm, type RuleSet, API_CODES } from '@portal/libs';

/** Runs a shared rule set on a body; refuses with the same shape as the validation pipe (codes, answered in English by the filter). */
export function assertValid(rules: RuleSet, body: Readonly<Record<string, unknown>>): void {
  const fields = validateForm(rules, body);
  const first = Object.values(fields)[0];
  if (first) throw new BadRequestException({ message: first, fields });
}

export const APPLICATION_ID_REQUIRED = API_CODES.applicationIdRequired;

/** The applicationId a body names: text, never String()-ed from an object into '[object Object]'. */
export function applicationIdOf(body: Readonly<Record<string, unknown>>): string {
  const id = body.applicationId;
  if (typeof id !== 'string' || id === '')
    throw new BadRequestException({
      message: APPLICATION_ID_REQUIRED,
      fields: { applicationId: APPLICATION_ID_REQUIRED },
    });
  return id;
}
