import { ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { COMMON_CODES, type Rule } from '@portal/libs';
import { sentBodyOf } from './validation.pipe';

/** The rule's answer on the field as sent (see sentBodyOf), in the body as sent. */
function judge(rule: Rule, value: unknown, args: ValidationArguments | undefined) {
  const entity = (args?.object ?? {}) as Record<string, unknown>;
  const sent = sentBodyOf(entity);
  return sent && args ? rule(sent[args.property], sent) : rule(value, entity);
}

/**
 * ONE style for every request body: a DTO class whose every property carries `@FollowsRule(<the libs
 * rule for that field>)`, validated by class-validator through the global ValidationPipe
 * (validation.pipe.ts: whitelist + forbidNonWhitelisted, so a field the class does not name is refused
 * first). Why DTOs: the project's stack is NestJS + class-validator/class-transformer, and a DTO names
 * each field of a body in one place beside its rule (docs/engineering.md: "module + thin controller +
 * service + schema + DTOs"). Why FollowsRule and not class-validator's own checks: the libs rule sets
 * stay the single source of every rule and its message code (the web forms run the very same rules),
 * so the api refuses exactly what a form refuses, with the same code. The rule is given the whole body,
 * so a body-dependent rule (a zip by the country, a confirmation by the password) judges as in the form.
 */
export function FollowsRule(rule: Rule, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'followsRule',
      validator: {
        validate: (value, args) => judge(rule, value, args) === undefined,
        defaultMessage: (args) => judge(rule, args?.value, args) ?? COMMON_CODES.invalidValue,
      },
    },
    options,
  );
}
