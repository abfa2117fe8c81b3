// Issue 25 items 7-8: every api answer carries the security headers, and signed-in JSON is never stored.
import { describe, expect, it } from 'vitest';
import { HostileClient, endOfFileChecks, signedInApplicant } from './support';

endOfFileChecks(__filename);

function secured(headers: Headers) {
  expect(headers.get('cache-control')).toMatch(/\bno-store\b/);
  expect(headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
}

describe('api answers', () => {
  it('carry the security headers, signed in or not, errors included', async () => {
    const { client, user } = await signedInApplicant('sec-headers');
    secured((await client.get('/auth/user')).headers);
    secured((await client.get(`/user/by-email/${encodeURIComponent(String(user.email))}`)).headers);
    secured((await new HostileClient().get('/health')).headers);
    secured((await new HostileClient().get('/auth/user')).headers);
    secured((await new HostileClient().post('/auth/login', { username: 1 })).headers);
  });
});
