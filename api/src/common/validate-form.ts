import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { API_CODES, isPlainObject, unknownField, validateForm, type RuleSet } from '@portal/libs';

/**
 * ONE style for every request body: the raw record checked against a libs rule set (`RuleSet`), at the
 * controller with `@Body(new RulesPipe(RULES))`, or in the service with `assertValid` when the set
 * depends on the body itself (the business sections). Not class-validator DTOs: the libs rule sets are
 * already the single source of each rule and its message code (the web forms run the very same sets),
 * a set is data that can be chosen per request, and a DTO class would only repeat each field's name
 * beside its rule. Every body stays hostile until validated: json-body.ts lets through only an object
 * at most 32 levels deep without a __proto__ key, every rule refuses a value of the wrong type, and a
 * strict set refuses any field it does not name (as the DTOs' forbidNonWhitelisted did, same words).
 */
export class RulesPipe implements PipeTransform {
  constructor(
    private readonly rules: RuleSet,
    private readonly strict = true,
  ) {}

  transform(body: unknown): Record<string, unknown> {
    const form = isPlainObject(body) ? body : {};
    assertValid(this.rules, form, this.strict);
    return form;
  }
}

/**
 * Runs a rule set on a body; refuses with 400, the first message and each field's (codes: the exception
 * filter answers their English beside them). `strict`: a field the set does not name is refused first.
 */
export function assertValid(rules: RuleSet, body: Readonly<Record<string, unknown>>, strict = false): void {
  const unknown = strict ? Object.keys(body).filter((k) => unknownField(rules, { [k]: true }) !== undefined) : [];
  const fields = {
    ...Object.fromEntries(unknown.map((k) => [k, API_CODES.propertyNotAllowed(k)])),
    ...validateForm(rules, body),
  };
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
