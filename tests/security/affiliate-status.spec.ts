// The anonymous affiliate check costs nothing upstream: answers are cached, parallel asks
// of one id make one CRM query, and a spread of addresses asking for made-up ids stays inside a budget.
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { affiliateAccount } from '../support/crm-lead';
import { HostileClient, endOfFileChecks, tally } from './support';

endOfFileChecks(__filename);

const crm = () => inject('securityCrmUrl');
const apiCalls = async () => ((await (await fetch(`${crm()}/__admin/calls`)).json()) as { apiCalls: number }).apiCalls;
/** The budget of CRM checks per minute across all addresses (api/src/accounts/affiliate-check.cache.ts). */
const UPSTREAM_PER_MINUTE = 10;

async function affiliate(name: string): Promise<string> {
  const res = await fetch(`${crm()}/__admin/sobjects/Account`, {
    method: 'POST',
    body: JSON.stringify(affiliateAccount(name, 'ACTIVE', '012000000000AFFAAA')),
  });
  return ((await res.json()) as { id: string }).id;
}

const ask = (id: string) => new HostileClient().get(`/account/account-status/${id}`);

describe('the anonymous affiliate check', () => {
  it('answers 40 addresses asking for one affiliate with one CRM query, then from its cache', async () => {
    const id = await affiliate('Cached Partner Co');
    const before = await apiCalls();
    const answers = await Promise.all(Array.from({ length: 40 }, () => ask(id)));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    const first = (await apiCalls()) - before;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(2);
    const again = await Promise.all(Array.from({ length: 40 }, () => ask(id)));
    expect(again.every((a) => a.status === 200)).toBe(true);
    expect((await apiCalls()) - before).toBe(first);
  });

  it('made-up ids from 40 addresses spend at most the minute’s budget of CRM queries', async () => {
    const before = await apiCalls();
    const ids = Array.from({ length: 40 }, (_, i) => `001${String(Date.now()).slice(-8)}${String(i).padStart(4, '0')}`);
    const answers = await Promise.all(ids.map(ask));
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.every((a) => a.status === 404 || a.status === 429)).toBe(true);
    const spent = (await apiCalls()) - before;
    tally.limitsExceeded += Math.max(0, spent - UPSTREAM_PER_MINUTE * 2);
    expect(spent).toBeLessThanOrEqual(UPSTREAM_PER_MINUTE * 2);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(40 - UPSTREAM_PER_MINUTE);
  });
});
