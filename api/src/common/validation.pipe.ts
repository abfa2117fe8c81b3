import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type Type,
  type ValidationError,
} from '@nestjs/common';
import type { ValidatorOptions } from 'class-validator';
import { API_CODES } from '@portal/libs';

/**
 * The global pipe every request body goes through (see rule.decorator.ts for why DTOs are the one
 * style). A refusal answers exactly what the libs rule sets answered: `{ message, fields }`, a field the
 * DTO does not name first (`api.propertyNotAllowed`, as forbidNonWhitelisted says), then each failing
 * field's code in the order the DTO declares them, `message` the first of these. The exception filter
 * adds `messageCode` and `fieldCodes`. Bodies are hostile until this pipe has passed them: json-body.ts
 * lets through only an object at most 32 levels deep without a __proto__ key (the transform and the
 * validators recurse), and every FollowsRule refuses a value of the wrong type.
 */
const OPEN_BODY = Symbol('openBody');

/**
 * A body that may carry fields its DTO does not name (they reach the handler untouched and unread):
 * the bodies that were never refused for an extra field (the applicationId bodies, the business
 * sections, the Box webhook) stay so.
 */
export const OpenBody = (): ClassDecorator => (target) => Reflect.defineMetadata(OPEN_BODY, true, target);

const isOpen = (object: object) => Reflect.getMetadata(OPEN_BODY, object.constructor) === true;

/**
 * ValidationOptions for a field whose refusal is the whole answer, with no `fields` (a route's switch,
 * such as the giggle action or the business section, refused as a wrong request rather than a form).
 */
export const REFUSED_ALONE = { context: { alone: true } } as const;

const refusedAlone = (e: ValidationError) =>
  Object.values(e.contexts ?? {}).some((c) => (c as { alone?: unknown } | undefined)?.alone === true);

/** The refusal of a body, as the rule sets built it. */
export function bodyRefusal(errors: ValidationError[]): BadRequestException {
  const notAllowed = errors.filter((e) => e.constraints?.whitelistValidation !== undefined);
  const failed = errors.filter((e) => e.constraints?.whitelistValidation === undefined);
  const fields: Record<string, string> = {
    ...Object.fromEntries(notAllowed.map((e) => [e.property, API_CODES.propertyNotAllowed(e.property)])),
  };
  for (const e of failed) {
    const first = Object.values(e.constraints ?? {})[0];
    if (first && !(e.property in fields)) fields[e.property] = first;
  }
  const message = Object.values(fields)[0] ?? API_CODES.invalidRequest;
  if (notAllowed.length === 0 && failed[0] && refusedAlone(failed[0])) return new BadRequestException(message);
  return new BadRequestException({ message, fields });
}

class BodyValidationPipe extends ValidationPipe {
  protected override validate(object: object, options?: ValidatorOptions) {
    return super.validate(
      object,
      isOpen(object) ? { ...options, whitelist: false, forbidNonWhitelisted: false } : options,
    );
  }

  /** The DTO holds what the client sent and nothing more: no declared field left undefined beside it. */
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const entity: unknown = await super.transform(value, metadata);
    if (
      entity !== value &&
      entity !== null &&
      typeof entity === 'object' &&
      value !== null &&
      typeof value === 'object'
    )
      for (const key of Object.keys(entity))
        if ((entity as Record<string, unknown>)[key] === undefined && !Object.hasOwn(value, key))
          delete (entity as Record<string, unknown>)[key];
    return entity;
  }
}

export const createValidationPipe = () =>
  new BodyValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: bodyRefusal,
  });

const bodies = createValidationPipe();

/**
 * Validates a body against its DTO with the global pipe, where the route cannot: after the Box
 * webhook's signature is checked, or after a business section's stored values are merged in.
 */
export const validateBody = <T extends object>(dto: Type<T>, body: unknown): Promise<T> =>
  bodies.transform(body, { type: 'body', metatype: dto }) as Promise<T>;
