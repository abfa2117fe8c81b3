import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type Type,
  type ValidationError,
} from '@nestjs/common';
import { getMetadataStorage, type ValidatorOptions } from 'class-validator';
import { API_CODES } from '@portal/libs';

/**
 * The global pipe every request body goes through (see rule.decorator.ts for why DTOs are the one
 * style). A refusal answers exactly what the libs rule sets answered: `{ message, fields }`, each field
 * the DTO does not name first (`api.propertyNotAllowed`, as forbidNonWhitelisted says), then each failing
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

const isOpen = (dto: unknown) => typeof dto === 'function' && Reflect.getMetadata(OPEN_BODY, dto) === true;

/** Each DTO's properties, read once: class-validator's metadata is fixed once the classes are loaded. */
const PROPERTIES = new WeakMap<object, readonly string[]>();

/** The properties a DTO validates, in the order it declares them (none for a type that is not a DTO). */
export const propertiesOf = (dto: unknown): readonly string[] => {
  if (typeof dto !== 'function') return [];
  let found = PROPERTIES.get(dto);
  if (!found) {
    found = [
      ...new Set(
        getMetadataStorage()
          .getTargetValidationMetadatas(dto, '', true, false)
          .map((m) => m.propertyName),
      ),
    ];
    PROPERTIES.set(dto, found);
  }
  return found;
};

/**
 * ValidationOptions for a field whose refusal is the whole answer, with no `fields` (a route's switch,
 * such as the giggle action or the business section, refused as a wrong request rather than a form).
 */
export const REFUSED_ALONE = { context: { alone: true } } as const;

const refusedAlone = (e: ValidationError) =>
  Object.values(e.contexts ?? {}).some((c) => (c as { alone?: unknown } | undefined)?.alone === true);

/** The refusal of a body, as the rule sets built it: the fields not allowed, then those that fail. */
export function bodyRefusal(notAllowed: readonly string[], failed: readonly ValidationError[]): BadRequestException {
  const firstOf = (e: ValidationError) => Object.values(e.constraints ?? {})[0];
  // A declared field is never one not allowed, and each field fails once: the two lists never share a key.
  const fields: Record<string, string> = Object.fromEntries([
    ...notAllowed.map((k) => [k, API_CODES.propertyNotAllowed(k)] as const),
    ...failed.flatMap((e) => (firstOf(e) ? [[e.property, firstOf(e)!] as const] : [])),
  ]);
  const message = Object.values(fields)[0] ?? API_CODES.invalidRequest;
  if (notAllowed.length === 0 && failed[0] && refusedAlone(failed[0])) return new BadRequestException(message);
  return new BadRequestException({ message, fields });
}

/** The validation errors of a body, carried from the exception factory to `transform`. */
class FailedFields {
  constructor(readonly errors: ValidationError[]) {}
}

/**
 * Each DTO instance under validation to the body as the client sent it. class-transformer leaves out of
 * the instance (at every depth) keys named constructor or like a method of Object.prototype, and Nest's
 * pipe deletes constructor and prototype keys before that: a rule judging the instance would pass a
 * nested object the rule sets refused (`from` with a stray key). FollowsRule judges the body as sent.
 */
const SENT = new WeakMap<object, Readonly<Record<string, unknown>>>();

/** The body as sent of a DTO instance under validation (undefined outside the pipe). */
export const sentBodyOf = (entity: object): Readonly<Record<string, unknown>> | undefined => SENT.get(entity);

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

class BodyValidationPipe extends ValidationPipe {
  /** The body as sent, from `transform` to `validate` (both within one synchronous stretch). */
  private sending: Readonly<Record<string, unknown>> | undefined;

  /** An open body's unknown fields are neither refused nor stripped. */
  protected override validate(object: object, options?: ValidatorOptions) {
    if (this.sending) SENT.set(object, this.sending);
    this.sending = undefined;
    return super.validate(
      object,
      isOpen(object.constructor) ? { ...options, whitelist: false, forbidNonWhitelisted: false } : options,
    );
  }

  /**
   * The fields a body may not carry are judged here, on the body as sent: Nest's pipe strips keys named
   * constructor or prototype before class-validator sees them, and class-validator's whitelist takes a
   * key named like a member of Object.prototype (hasOwnProperty, ...) for a declared one. So every key the
   * DTO does not declare is refused, in the body's order, as the rule sets refused it.
   */
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const declared = propertiesOf(metadata.metatype);
    const strict = declared.length > 0 && !isOpen(metadata.metatype);
    const given = isRecord(value) ? Object.keys(value) : [];
    const notAllowed = strict ? given.filter((k) => !declared.includes(k)) : [];
    let entity: unknown;
    // JSON only (json-body.ts): a copy keeps every key the transform drops. Taken by validate() below,
    // synchronously: nothing is awaited before Nest's pipe calls it.
    this.sending = declared.length > 0 && isRecord(value) ? structuredClone(value) : undefined;
    const transformed = super.transform(value, metadata);
    this.sending = undefined;
    try {
      entity = await transformed;
    } catch (e) {
      if (!(e instanceof FailedFields)) throw e;
      throw bodyRefusal(
        notAllowed,
        e.errors.filter((f) => f.constraints?.whitelistValidation === undefined),
      );
    }
    if (notAllowed.length) throw bodyRefusal(notAllowed, []);
    // The DTO holds what the client sent and nothing more: no declared field left undefined beside it.
    if (entity !== value && isRecord(entity))
      for (const key of Object.keys(entity)) if (entity[key] === undefined && !given.includes(key)) delete entity[key];
    return entity;
  }
}

export const createValidationPipe = () =>
  new BodyValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new FailedFields(errors),
  });

const bodies = createValidationPipe();

/**
 * Validates a body against its DTO with the global pipe, where the route cannot: after the Box
 * webhook's signature is checked, or after a business section's stored values are merged in.
 */
export const validateBody = <T extends object>(dto: Type<T>, body: unknown): Promise<T> =>
  bodies.transform(body, { type: 'body', metatype: dto }) as Promise<T>;
