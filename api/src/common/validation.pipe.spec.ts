import { describe, expect, it } from 'vitest';
import { API_CODES, COMMON_CODES, type Rule } from '@portal/libs';
import { FollowsRule } from './rule.decorator';
import { OpenBody, validateBody } from './validation.pipe';

const text: Rule = (v) => (typeof v === 'string' ? undefined : COMMON_CODES.invalidValue);
/** A nested object that may hold `a` and nothing else, judged as one field (as the stage's `from`). */
const onlyA: Rule = (v) =>
  v !== null && typeof v === 'object' && Object.keys(v).every((k) => k === 'a') ? undefined : API_CODES.invalidRequest;

class StrictDto {
  @FollowsRule(text) name: string;
  @FollowsRule(onlyA) nested: { a?: unknown };
  @FollowsRule((v) => (v === undefined ? undefined : text(v, {}))) note?: string;
}

@OpenBody()
class OpenDto {
  @FollowsRule(text) name: string;
}

const refusal = (dto: new () => object, body: Record<string, unknown>) =>
  validateBody(dto, body).then(
    () => undefined,
    (e: { getResponse(): unknown }) => e.getResponse(),
  );

describe('the body pipe judges the body as sent', () => {
  it('passes a valid body, holding only what was sent', async () => {
    const dto = await validateBody(StrictDto, { name: 'x', nested: { a: 1 } });
    expect(dto).toBeInstanceOf(StrictDto);
    expect(Object.keys(dto)).toEqual(['name', 'nested']);
  });

  it('refuses every undeclared key in the body’s order, Object.prototype names included, then the failing fields', async () => {
    expect(
      await refusal(StrictDto, { constructor: 'x', name: 1, hasOwnProperty: 1, nested: { a: 1 }, prototype: {} }),
    ).toEqual({
      message: API_CODES.propertyNotAllowed('constructor'),
      fields: {
        constructor: API_CODES.propertyNotAllowed('constructor'),
        hasOwnProperty: API_CODES.propertyNotAllowed('hasOwnProperty'),
        prototype: API_CODES.propertyNotAllowed('prototype'),
        name: COMMON_CODES.invalidValue,
      },
    });
  });

  it('a nested object is judged with the keys the transform drops', async () => {
    for (const key of ['constructor', 'prototype', 'toString', 'hasOwnProperty'])
      expect(await refusal(StrictDto, { name: 'x', nested: { a: 1, [key]: 'x' } })).toEqual({
        message: API_CODES.invalidRequest,
        fields: { nested: API_CODES.invalidRequest },
      });
  });

  it('an open body lets unknown fields through and still judges its own', async () => {
    expect(await validateBody(OpenDto, { name: 'x', other: { b: 2 } })).toMatchObject({ name: 'x', other: { b: 2 } });
    expect(await refusal(OpenDto, { name: 2, other: 1 })).toEqual({
      message: COMMON_CODES.invalidValue,
      fields: { name: COMMON_CODES.invalidValue },
    });
  });
});
