import { describe, expect, it } from 'vitest';
import { PiiCipher, maskDate, maskTail } from './pii';

const K1 = Buffer.alloc(32, 1).toString('base64');
const K2 = Buffer.alloc(32, 2).toString('base64');

describe('PiiCipher', () => {
  it('round-trips, never stores the clear value, and differs each time', () => {
    const c = new PiiCipher({ PII_KEY_ID: 'k1', PII_KEY: K1, PII_OLD_KEYS: 'none' });
    const a = c.encrypt('123-45-6789');
    expect(a).not.toContain('6789');
    expect(a).not.toBe(c.encrypt('123-45-6789'));
    expect(c.decrypt(a)).toBe('123-45-6789');
  });

  it('opens values sealed with a rotated-out key', () => {
    const old = new PiiCipher({ PII_KEY_ID: 'k1', PII_KEY: K1, PII_OLD_KEYS: 'none' });
    const sealed = old.encrypt('12-3456789');
    const rotated = new PiiCipher({ PII_KEY_ID: 'k2', PII_KEY: K2, PII_OLD_KEYS: `k1:${K1}` });
    expect(rotated.decrypt(sealed)).toBe('12-3456789');
    expect(rotated.encrypt('x')).toMatch(/^pii:v1:k2:/);
  });

  it('refuses a tampered value', () => {
    const c = new PiiCipher({ PII_KEY_ID: 'k1', PII_KEY: K1, PII_OLD_KEYS: 'none' });
    const sealed = c.encrypt('1980-01-01');
    const tampered = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(() => c.decrypt(tampered)).toThrow();
  });

  it('masks all but the last four digits', () => {
    expect(maskTail('123-45-6789')).toBe('***-**-6789');
    expect(maskTail('12-3456789')).toBe('**-***6789');
    expect(maskDate('1980-12-10')).toBe('****-**-**');
  });
});
