// Sessions outlive nothing: after logout, after a reused refresh token revokes its family, and after a
// password reset, every earlier access cookie answers 403 at once (not when its 15 minutes are up).
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, codeFromMail } from '../support/api-client';
import { HostileClient, endOfFileChecks, maildevUrl, signedInApplicant } from './support';

endOfFileChecks(__filename);

/** A second browser holding a copy of another's cookies: the replay an attacker would make. */
function replayOf(c: HostileClient): HostileClient {
  const copy = new HostileClient();
  for (const [k, v] of c.cookies) copy.cookies.set(k, v);
  return copy;
}
const ownersOf = (c: HostileClient, applicationId: string) => c.get(`/owner/application/${applicationId}`);

describe('sessions end at once', () => {
  it('an access cookie replayed after logout answers 403', async () => {
    const { client, applicationId } = await signedInApplicant('sec-logout');
    const stolen = replayOf(client);
    expect((await ownersOf(stolen, applicationId)).status).toBe(200);
    expect((await client.post('/auth/logout')).status).toBe(200);
    expect((await ownersOf(stolen, applicationId)).status).toBe(403);
    expect((await stolen.get('/auth/verify-token')).status).toBe(403);
  });

  it('access cookies replayed after a reused refresh token revoked its family answer 403', async () => {
    const { client, applicationId } = await signedInApplicant('sec-reuse');
    const before = replayOf(client);
    expect((await client.post('/auth/refresh-token', { username: 'sec-reuse@example.com' })).status).toBe(200);
    const after = replayOf(client);
    expect((await ownersOf(after, applicationId)).status).toBe(200);
    // The old refresh token comes back: it was stolen, and the whole family ends.
    expect((await before.post('/auth/refresh-token', { username: 'sec-reuse@example.com' })).status).toBe(403);
    expect((await ownersOf(after, applicationId)).status).toBe(403);
    expect((await ownersOf(client, applicationId)).status).toBe(403);
  });

  it('access cookies replayed after a password reset answer 403, and the new password signs in', async () => {
    const { client, applicationId } = await signedInApplicant('sec-reset');
    const stolen = replayOf(client);
    const b = new HostileClient();
    const since = new Date();
    expect((await b.post('/auth/forgot-password', { username: 'sec-reset@example.com' })).status).toBe(200);
    const code = await codeFromMail(maildevUrl(), 'sec-reset@example.com', since, 'password reset');
    const reset = await b.post('/auth/confirm-forgot-password', {
      username: 'sec-reset@example.com',
      code,
      password: 'Quiet-Harbor-58',
      confirmPassword: 'Quiet-Harbor-58',
    });
    expect(reset.status).toBe(200);
    expect((await ownersOf(stolen, applicationId)).status).toBe(403);
    expect((await ownersOf(client, applicationId)).status).toBe(403);
    const again = new HostileClient();
    const login = await again.post('/auth/login', { username: 'sec-reset@example.com', password: 'Quiet-Harbor-58' });
    expect(login.status).toBe(200);
    expect((await ownersOf(again, applicationId)).status).toBe(200);
    expect(
      (await new HostileClient().post('/auth/login', { username: 'sec-reset@example.com', password: TEST_PASSWORD }))
        .status,
    ).toBe(401);
  });
});
