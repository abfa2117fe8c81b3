// The status view's two doors as hostile input: GET /application/{id}/progress (owner-checked) and
// GET /status/shared/{token} (a co-owner's signed link, no session). Operators, huge or forged ids and
// tokens, another applicant's application and a parallel burst each get a 4xx; never a 500, never an
// answer about an application that is not the caller's.
import { describe, expect, it } from 'vitest';
import { HostileClient, endOfFileChecks, signedInApplicant, tally } from './support';

endOfFileChecks(__filename);

const HOSTILE_IDS = [
  encodeURIComponent('{"$ne":null}'),
  '%24ne',
  'x'.repeat(5_000),
  '000000000000000000000000',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '1e308',
  '-1',
];

describe('the status endpoints as hostile input', () => {
  it("the progress of a hostile id or another applicant's application is refused, never answered", async () => {
    const [victim, attacker] = await Promise.all([
      signedInApplicant(`sec-status-victim-${Date.now()}`),
      signedInApplicant(`sec-status-attacker-${Date.now()}`),
    ]);
    for (const id of [...HOSTILE_IDS, victim.applicationId]) {
      const res = await attacker.client.call('GET', `/application/${id}/progress`);
      if (res.status < 400) tally.invalidAccepted++;
      expect(res.status, `id ${id.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `id ${id.slice(0, 30)}`).toBeLessThan(500);
    }
    // Without a session nobody reads a progress at all.
    expect((await new HostileClient().call('GET', `/application/${victim.applicationId}/progress`)).status).toBe(403);
    // The owner still reads their own.
    expect((await victim.client.call('GET', `/application/${victim.applicationId}/progress`)).status).toBe(200);
  });

  it('forged, oversized and operator-shaped status links answer 404 with the message, never 500', async () => {
    const client = new HostileClient();
    for (const token of [
      ...HOSTILE_IDS,
      'a.b',
      'a.b.c',
      `${Buffer.from('["000000000000000000000000",9999999999999,"x"]').toString('base64url')}.AAAA`,
    ]) {
      const res = await client.call('GET', `/status/shared/${token}`);
      expect(res.status, `token ${token.slice(0, 30)}`).toBe(404);
      expect(res.body.message).toBe('This link is no longer valid');
    }
  });

  it('forged signing links answer 404, and the invitation resend refuses hostile ids and other applicants', async () => {
    const client = new HostileClient();
    for (const token of [
      ...HOSTILE_IDS,
      'a.b',
      `${Buffer.from('["sign","000000000000000000000000","r",2,9999999999999]').toString('base64url')}.AAAA`,
    ]) {
      const res = await client.call('GET', `/status/sign/${token}`);
      expect(res.status, `token ${token.slice(0, 30)}`).toBe(404);
      expect(res.body.message).toBe('This link is no longer valid');
    }
    const [victim, attacker] = await Promise.all([
      signedInApplicant(`sec-invite-victim-${Date.now()}`),
      signedInApplicant(`sec-invite-attacker-${Date.now()}`),
    ]);
    for (const id of [...HOSTILE_IDS, victim.applicationId]) {
      const res = await attacker.client.call('POST', `/application/${id}/co-owner-invitation`, {});
      if (res.status < 400) tally.invalidAccepted++;
      expect(res.status, `id ${id.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `id ${id.slice(0, 30)}`).toBeLessThan(500);
    }
    expect(
      (await new HostileClient().call('POST', `/application/${victim.applicationId}/co-owner-invitation`, {})).status,
    ).toBe(403);
  });

  it('a parallel burst of guessed links is cut off by the per-address limit (429), not served', async () => {
    const client = new HostileClient();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => client.call('GET', `/status/shared/guess-${i}.AAAA`)),
    );
    const statuses = answers.map((a) => a.status);
    if (statuses.filter((s) => s === 404).length > 60) tally.limitsExceeded++;
    expect(statuses.filter((s) => s === 404)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  });
});
