// /login returns to the page a session ended on, and only to a page of this site.
import { describe, expect, it } from 'vitest';
import { loginSearch, returnPath } from './session';

describe('the path /login returns to', () => {
  it('is a path of this site, with its query', () => {
    expect(returnPath('/owners')).toBe('/owners');
    expect(returnPath('/business?x=1')).toBe('/business?x=1');
  });

  it('is never another site, whatever the spelling', () => {
    for (const raw of [
      '//evil.example/owners',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example/owners',
      'javascript:alert(1)',
      'owners',
      '',
      42,
      undefined,
    ])
      expect(returnPath(raw), String(raw)).toBeUndefined();
  });

  it('reads /login’s search: a session that ended, and a safe path only', () => {
    expect(loginSearch({ signedOut: true, next: '/owners' })).toEqual({ signedOut: true, next: '/owners' });
    expect(loginSearch({ signedOut: 'yes', next: '//evil.example' })).toEqual({});
  });
});
