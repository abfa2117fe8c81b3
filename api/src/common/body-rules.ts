import { API_CODES, type Rule } from '@portal/libs';

/**
 * Rules for the api's own request fields (stage moves, application changes, the refresh call), worded
 * as these bodies have always been refused. Each is a libs-style rule answering a message code.
 */
const absent = (v: unknown) => v === undefined || v === null;

/** Absent (undefined or null) passes; anything given must pass `rule`. */
export const whenGiven =
  (rule: Rule): Rule =>
  (v, form) =>
    absent(v) ? undefined : rule(v, form);

export const oneOf =
  (property: string, values: readonly unknown[], message = API_CODES.mustBeOneOf(property, values.join(', '))): Rule =>
  (v) =>
    values.includes(v) ? undefined : message;

/** A JSON integer from min to max; the bounds are judged first, as before. */
export const integerFrom =
  (property: string, min: number, max: number, notInteger = API_CODES.mustBeInteger(property)): Rule =>
  (v) =>
    !(typeof v === 'number' && v <= max)
      ? API_CODES.mustNotBeGreater(property, max)
      : !(v >= min)
        ? API_CODES.mustNotBeLess(property, min)
        : !Number.isInteger(v)
          ? notInteger
          : undefined;

/** Characters as they were counted: a surrogate pair or a variation selector is not one more. */
const lengthOf = (s: string) =>
  s.length - (s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0) - (s.match(/\uFE0F|\uFE0E/g)?.length ?? 0);

export const textUpTo =
  (property: string, max: number): Rule =>
  (v) =>
    typeof v === 'string' && lengthOf(v) <= max ? undefined : API_CODES.mustBeShorter(property, max);

export const isBoolean =
  (property: string): Rule =>
  (v) =>
    typeof v === 'boolean' ? undefined : API_CODES.mustBeBoolean(property);

/** A list of at most `max` record ids. */
export const mongoIdsUpTo =
  (property: string, max: number): Rule =>
  (v) =>
    Array.isArray(v) && v.length <= max && v.every((id) => isMongoId(property)(id, {}) === undefined)
      ? undefined
      : API_CODES.mustBeIdList(property, max);

export const isMongoId =
  (property: string): Rule =>
  (v) =>
    typeof v === 'string' && v.length === 24 && /^(0x|0h)?[0-9a-f]+$/i.test(v)
      ? undefined
      : API_CODES.mustBeMongoId(property);
