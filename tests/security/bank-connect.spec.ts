// Every /bank endpoint (Connect your bank) attacked as the rest of the api is: another user's application, no
// XSRF token, hostile bodies, bursts past the rate limit, parallel fetches; the Plaid access token never leaves
// the api (no answer, no log line) and is stored sealed, and a disconnect deletes it and removes the item at the
// Plaid stand-in. Plaid's webhooks: bank-webhooks.spec.ts.
import { readFileSync } from 'node:fs';
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { COLLECTIONS } from '@portal/libs';
import { holdFor } from '../support/until';
import {
  ACCESS_TOKEN,
  POSTS,
  answers,
  applicant,
  bankLink,
  connect,
  db,
  linkedPublicToken,
  post,
  seen,
  standinItems,
  validPublicToken,
  type Applicant,
} from './bank-connect.applicants';
import { endOfFileChecks, raw, tally } from './support';

endOfFileChecks(__filename);

describe('Connect your bank: /bank endpoints as hostile input', () => {
  let owner: Applicant;
  let other: Applicant;
  beforeAll(async () => {
    [owner, other] = await Promise.all([applicant('owner'), applicant('other')]);
    await connect(owner);
  });

  it("another user's application is refused on every /bank endpoint, and its link stays as it was", async () => {
    const before = await bankLink(owner.applicationId);
    const id = owner.applicationId;
    const status = seen(await other.client.get(`/bank/application/${id}`));
    expect(status.status).toBe(404);
    for (const path of POSTS) {
      const body =
        path === '/bank/exchange' ? { applicationId: id, publicToken: validPublicToken() } : { applicationId: id };
      const res = await post(other, path, body);
      if (res.status < 400) tally.invalidAccepted++;
      expect(res.status, path).toBe(404);
    }
    const after = await bankLink(owner.applicationId);
    expect(after?.accessTokenSealed).toBe(before?.accessTokenSealed);
    expect(after?.itemId).toBe(before?.itemId);
  });

  it("another user asking while the owner's fetch runs gets a refusal, never the owner's answer", async () => {
    // The owner's fetch downloads and stores four PDFs: the other user's calls land while it runs.
    const owners = post(owner, '/bank/statements', { applicationId: owner.applicationId });
    await holdFor(30, "a head start: the owner's fetch is under way when the other user's calls land");
    const others = await Promise.all(
      Array.from({ length: 6 }, () => post(other, '/bank/statements', { applicationId: owner.applicationId })),
    );
    expect((await owners).status).toBe(200);
    for (const res of others) {
      if (res.status < 400) tally.invalidAccepted++;
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toMatch(/filled|missing|pending|reconnect/);
    }
  });

  it('no XSRF token: every POST is refused and nothing changes', async () => {
    const before = await bankLink(owner.applicationId);
    owner.client.xsrf = false;
    try {
      for (const path of POSTS) {
        const body =
          path === '/bank/exchange'
            ? { applicationId: owner.applicationId, publicToken: validPublicToken() }
            : { applicationId: owner.applicationId };
        const res = await post(owner, path, body);
        if (res.status < 400) tally.invalidAccepted++;
        expect(res.status, path).toBe(403);
      }
    } finally {
      owner.client.xsrf = true;
    }
    expect((await bankLink(owner.applicationId))?.accessTokenSealed).toBe(before?.accessTokenSealed);
  });

  it('hostile bodies answer 400 (413 past the body limit), never a 500', async () => {
    const id = owner.applicationId;
    const idBodies: unknown[] = [
      {},
      { applicationId: 12345 },
      { applicationId: null },
      { applicationId: true },
      { applicationId: [id] },
      { applicationId: { $ne: null } },
      { applicationId: { $gt: '' } },
      { applicationId: `${id} ` },
      { applicationId: id.toUpperCase() },
      { applicationId: '../'.repeat(8) },
      { applicationId: 'x'.repeat(90_000) },
      { applicationId: id, extra: 1 },
      { applicationId: id, userId: other.user?._id },
      { applicationId: id, nested: { a: { b: { c: { d: [1, 2, { e: 'f' }] } } } } },
    ];
    const tokenBodies: unknown[] = [
      { applicationId: id },
      { applicationId: id, publicToken: 12345 },
      { applicationId: id, publicToken: null },
      { applicationId: id, publicToken: [validPublicToken()] },
      { applicationId: id, publicToken: { $ne: null } },
      { applicationId: id, publicToken: '' },
      { applicationId: id, publicToken: 'public-sandbox-not-a-token' },
      { applicationId: id, publicToken: `access-sandbox-${crypto.randomUUID()}` },
      { applicationId: id, publicToken: `link-sandbox-${crypto.randomUUID()}` },
      { applicationId: id, publicToken: `${validPublicToken()}\n` },
      { applicationId: id, publicToken: `PUBLIC-SANDBOX-${crypto.randomUUID()}` },
      { applicationId: id, publicToken: `public-sandbox-${'f'.repeat(36)}` },
      { applicationId: id, publicToken: 'x'.repeat(90_000) },
      { applicationId: id, publicToken: validPublicToken(), institution: '<script>' },
    ];
    for (const path of POSTS) {
      for (const body of [...idBodies, ...(path === '/bank/exchange' ? tokenBodies : [])]) {
        const res = await post(owner, path, body);
        if (res.status < 400) tally.invalidAccepted++;
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      }
      const json = { 'content-type': 'application/json' };
      const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
      for (const text of [
        '',
        'null',
        '[]',
        '"x"',
        '{',
        '{"applicationId":',
        deep,
        `{"__proto__":{"x":1},"applicationId":"${id}"}`,
      ]) {
        const res = seen(await raw(owner.client, 'POST', path, text, json));
        expect(res.status, `${path} ${text.slice(0, 40)}`).toBe(400);
      }
      const huge = seen(
        await raw(owner.client, 'POST', path, JSON.stringify({ applicationId: 'x'.repeat(200_000) }), json),
      );
      expect(huge.status).toBe(413);
    }
    // A well-formed public token Plaid never gave: Plaid refuses it, the api answers 400 and keeps the link.
    const before = await bankLink(id);
    const unknown = await post(owner, '/bank/exchange', { applicationId: id, publicToken: validPublicToken() });
    expect(unknown.status).toBe(400);
    expect((await bankLink(id))?.accessTokenSealed).toBe(before?.accessTokenSealed);
  });

  it("another applicant's public token is refused on one's own application; the owner's exchange still works", async () => {
    const [a, b] = await Promise.all([applicant('token-owner'), applicant('token-taker')]);
    const ownersToken = await linkedPublicToken(a);
    // B opened Link on their own application too: a link token of theirs exists, but it did not give this one.
    const own = await post(b, '/bank/link-token', { applicationId: b.applicationId });
    expect(own.status).toBe(200);
    const taken = await post(b, '/bank/exchange', { applicationId: b.applicationId, publicToken: ownersToken });
    if (taken.status < 400) tally.invalidAccepted++;
    expect(taken.status).toBe(400);
    expect(taken.body.data.message).toBe('Your bank could not be connected. Please try again.');
    expect(await bankLink(b.applicationId)).toBeNull();
    // The token was not spent at Plaid: the owner's exchange links the owner's bank to the owner's application.
    const mine = await post(a, '/bank/exchange', { applicationId: a.applicationId, publicToken: ownersToken });
    expect(mine.status).toBe(200);
    expect(await bankLink(a.applicationId)).toBeTruthy();
    expect((await post(b, '/bank/statements', { applicationId: b.applicationId })).status).toBe(404);
  });

  it('parallel duplicate /bank/statements calls store each month once', async () => {
    const a = await applicant('dup');
    await connect(a);
    const all = await Promise.all(
      Array.from({ length: 8 }, () => post(a, '/bank/statements', { applicationId: a.applicationId })),
    );
    for (const res of all) expect(res.status).toBe(200);
    // Twice more after the burst: the months are there, nothing is added.
    await post(a, '/bank/statements', { applicationId: a.applicationId });
    const files = await db()
      .collection(COLLECTIONS.files)
      .find({ applicationId: new ObjectId(a.applicationId), source: 'bank' })
      .toArray();
    const months = files.map((f) => String(f.monthLabel));
    expect(months.length).toBeGreaterThan(0);
    expect(new Set(months).size, months.join(', ')).toBe(months.length);
  });

  it('the rate limit holds under a parallel burst: 30 link tokens an hour, not one more', async () => {
    const a = await applicant('burst');
    const burst = await Promise.all(
      Array.from({ length: 60 }, () => post(a, '/bank/link-token', { applicationId: a.applicationId })),
    );
    const ok = burst.filter((r) => r.status === 200).length;
    if (ok > 30) tally.limitsExceeded++;
    expect(ok).toBeLessThanOrEqual(30);
    expect(burst.filter((r) => r.status === 429).length).toBe(60 - ok);
    expect(burst.every((r) => r.status === 200 || r.status === 429)).toBe(true);
  });

  it('the access token is stored sealed; a disconnect deletes it and removes the item at Plaid', async () => {
    const a = await applicant('seal');
    await connect(a);
    const link = await bankLink(a.applicationId);
    expect(link).toBeTruthy();
    const stored = JSON.stringify(link);
    expect(stored).not.toMatch(ACCESS_TOKEN);
    expect(stored).not.toMatch(/access-sandbox/);
    expect(String(link!.accessTokenSealed).length).toBeGreaterThan(40);
    // Live at Plaid until every month is in; then removed already (the webhook's fetch may have done it).
    const live = (await standinItems()).map((i) => i.item_id).includes(link!.itemId);
    expect(live || !!(await bankLink(a.applicationId))?.removedAt).toBe(true);

    const off = await post(a, '/bank/disconnect', { applicationId: a.applicationId });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ connected: false });
    expect(await bankLink(a.applicationId)).toBeNull();
    expect((await standinItems()).map((i) => i.item_id)).not.toContain(link!.itemId);
    expect((await post(a, '/bank/statements', { applicationId: a.applicationId })).status).toBe(404);
    expect(seen(await a.client.get(`/bank/application/${a.applicationId}`)).body.data.connected).toBe(false);
  });

  it("no answer of this file, and no line of the api's log, holds an access token", () => {
    expect(answers.length).toBeGreaterThan(100);
    for (const a of answers) {
      expect(JSON.stringify(a.body) ?? '').not.toMatch(/access-sandbox/);
      expect(JSON.stringify([...a.headers])).not.toMatch(/access-sandbox/);
    }
    const log = readFileSync(inject('securityApiLog'), 'utf8');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toMatch(/access-sandbox/);
  });
});
