// The Idempotency-Key header is input like any other. Malformed keys answer 400, a key
// reused for another body 422 (never the stored answer), and a key never reads another user's answer;
// not one answer may be a 500, and a hostile burst on one key runs the request once.
import { describe, expect, it } from 'vitest';
import { applicantFor } from '../support/api-client';
import { HostileClient, endOfFileChecks, signedInApplicant, tally } from './support';
import { FINANCIAL } from './valid-bodies';

endOfFileChecks(__filename);

const KEY = 'Idempotency-Key';
let n = 0;
const BAD_KEYS = [
  '',
  'a',
  'x'.repeat(129),
  'x'.repeat(8_000),
  '../../../../etc/passwd',
  '{"$ne":null}',
  'key with spaces 1234567',
  'key\twith\ttabs-123456789',
  'ÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿ',
  'a,b,c,d,e,f,g,h,i,j,k,l,m',
];

describe('Idempotency-Key as hostile input', () => {
  it('malformed keys answer 400 on every keyed endpoint kind, never 500', async () => {
    const a = await signedInApplicant(`sec-idem-${Date.now()}`);
    const businessId = (await a.client.get(`/business/application/${a.applicationId}`)).body._id as string;
    for (const key of BAD_KEYS) {
      const save = await a.client.call('PATCH', `/business/${businessId}`, FINANCIAL, { [KEY]: key });
      const reg = await new HostileClient().call('POST', '/auth/register', applicantFor(`sec-idem-bad-${++n}`), {
        [KEY]: key,
      });
      for (const res of [save, reg]) {
        if (res.status === 201 || res.status === 200) tally.invalidAccepted++;
        expect(res.status, `key ${JSON.stringify(key.slice(0, 20))}`).toBe(400);
        expect(res.body.data.code).toBe('IDEMPOTENCY_KEY_INVALID');
      }
    }
  });

  it("a guessed key never returns someone else's answer: 422 for register, their own answer when signed in", async () => {
    const key = `sec-idem-key-${Date.now()}-0001`;
    const victim = applicantFor(`sec-idem-victim-${Date.now()}`);
    expect((await new HostileClient().call('POST', '/auth/register', victim, { [KEY]: key })).status).toBe(201);
    const guess = await new HostileClient().call(
      'POST',
      '/auth/register',
      { ...victim, password: 'Guess-9x!q' },
      {
        [KEY]: key,
      },
    );
    expect(guess.status).toBe(422);
    expect(JSON.stringify(guess.body)).not.toContain(victim.email);
  });

  it('200 parallel repeats of one key from many addresses make one account', async () => {
    const key = `sec-idem-burst-${Date.now()}-0001`;
    const body = applicantFor(`sec-idem-burst-${Date.now()}`);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => new HostileClient().call('POST', '/auth/register', body, { [KEY]: key })),
    );
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([201]));
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
  });
});
