import { describe, expect, it } from 'vitest';
import { DRAFT_LIMITS, draftFieldsFit, isDraftPage } from './drafts';

describe('draftFieldsFit: a draft is a form, bounded', () => {
  it('takes form values: text, numbers, booleans, null, cards in a short list', () => {
    const owner = { firstName: 'Ada', ownershipPercent: 60, isUSCitizen: 'Yes', zip: null };
    expect(draftFieldsFit({ sameAsBusinessInfo: true, owners: [owner, owner] })).toBe(true);
    expect(draftFieldsFit({})).toBe(true);
  });

  it('refuses anything else, however it is nested', () => {
    for (const bad of [
      null,
      'text',
      [1],
      { a: { b: { c: { d: { e: 1 } } } } },
      { owners: Array.from({ length: DRAFT_LIMITS.items + 1 }, () => ({})) },
      { note: 'x'.repeat(DRAFT_LIMITS.text + 1) },
      { note: 'x'.repeat(DRAFT_LIMITS.bytes) },
      { $set: 1 },
      { 'a.b': 1 },
      { n: Number.NaN },
      Object.fromEntries(Array.from({ length: DRAFT_LIMITS.keys + 1 }, (_, i) => [`k${i}`, 1])),
    ])
      expect(draftFieldsFit(bad)).toBe(false);
  });

  it('knows the pages that keep drafts', () => {
    expect(isDraftPage('owners')).toBe(true);
    expect(isDraftPage('signature')).toBe(false);
    expect(isDraftPage('__proto__')).toBe(false);
  });
});
