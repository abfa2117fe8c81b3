// Every api answer carries the security headers, signed-in JSON is never stored, and no
// answer carries the session's token.
import { describe, expect, it } from 'vitest';
import { HostileClient, endOfFileChecks, signedInApplicant } from './support';

endOfFileChecks(__filename);

function secured(headers: Headers) {
  expect(headers.get('cache-control')).toMatch(/\bno-store\b/);
  expect(headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  // Nothing is kept, so there is nothing to revalidate: no ETag (each one cost a hash of the body).
  expect(headers.get('etag')).toBeNull();
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

describe('the session', () => {
  it('never appears in a JSON answer: the token call names no token', async () => {
    const { client } = await signedInApplicant('sec-token-json');
    const access = client.cookies.get('access_token')!;
    const answer = await client.get('/auth/token');
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).not.toContain(access);
    expect(answer.body).toEqual({ data: { accessToken: null } });
  });
});
