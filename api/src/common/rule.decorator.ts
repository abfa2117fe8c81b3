import { ValidateBy, type ValidationOptions } from 'class-validator';
import { COMMON_CODES, type Rule } from '@portal/libs';

/**
 * Applies a shared rule from @portal/libs to a DTO property, so the server refuses exactly what the
 * form refuses, with the same message code (the exception filter answers its English beside it).
 */
export function FollowsRule(rule: Rule, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'followsRule',
      validator: {
        validate: (value, args) => rule(value, (args?.object ?? {}) as Record<string, unknown>) === undefined,
        defaultMessage: (args) =>
          rule(args?.value, (args?.object ?? {}) as Record<string, unknown>) ?? COMMON_CODES.invalidValue,
      },
    },
    options,
  );
}
