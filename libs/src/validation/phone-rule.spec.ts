import { describe, expect, it } from 'vitest';
import { phoneNumberRule } from './phone-rule';

// Alone, without phone.ts: nothing has given the rule its reader.
describe('the phone rule before the library has loaded', () => {
  it('still asks for a number, and refuses to judge one rather than pass it', () => {
    expect(phoneNumberRule()('', {})).toBe('common.phoneRequired');
    expect(() => phoneNumberRule()('(514) 555-0100', {})).toThrow(/phone library is not loaded/);
  });
});
