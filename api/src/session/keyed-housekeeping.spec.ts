// No scan on an applicant's path: the rate limiter and the revocations, which every request may
// touch, read and write FerretDB by `_id` only (api/src/journey-scans.spec.ts explains each query of a
// journey). Here, against the suite's FerretDB, what the keyed shapes must still do: a parallel burst never
// passes a limit, a given-back attempt is free again, failures count within their window, and a family
// revoked on one replica is refused by another within the poll's second.
import { randomUUID } from 'node:crypto';
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  AuthFailure,
  AuthFailureSchema,
  RateLimitCounts,
  RateLimitCountsSchema,
  RateLimiter,
} from '../common/rate-limit';
import { until } from '../../../tests/support/until';
import type { ApiSettings } from '../config/settings.module';
import { Revocation, RevocationSchema, Session, SessionSchema } from './session.schema';
import { TokensService } from './tokens.service';

let conn: mongoose.Connection;
beforeAll(async () => {
  conn = await mongoose.createConnection(`${inject('mongoBaseUri')}/portal-keyed-${Date.now()}`).asPromise();
});
afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
});

const limiter = () =>
  new RateLimiter(
    conn.model(RateLimitCounts.name, RateLimitCountsSchema),
    conn.model(AuthFailure.name, AuthFailureSchema),
  );

describe('the rate limiter, by _id', () => {
  it('of 20 parallel tries at a limit of 5, exactly 5 get an attempt, numbered 1 to 5', async () => {
    const l = limiter();
    const bucket = `burst-${randomUUID()}`;
    const expires = new Date(Date.now() + 60_000);
    const got = await Promise.all(Array.from({ length: 20 }, () => l.takeOneOf(bucket, 5, expires)));
    expect(got.filter((n) => n > 0).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await l.takeOneOf(bucket, 5, expires)).toBe(0);
  });

  it('a window of parallel hits lets `max` through, and an attempt given back is free again', async () => {
    const l = limiter();
    const key = `hit-${randomUUID()}`;
    const answers = await Promise.allSettled(
      Array.from({ length: 12 }, () => l.hit({ key, max: 3, windowSeconds: 3600 })),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
    const t = { key, free: 1, windowSeconds: 3600, baseDelaySeconds: 30, capSeconds: 900 };
    const first = await l.throttle({ ...t, key: `${key}:t` });
    expect(first.go).toBe(true);
    expect((await l.throttle({ ...t, key: `${key}:t` })).go).toBe(false);
    if (first.go) await first.release();
    expect((await l.throttle({ ...t, key: `${key}:t` })).go).toBe(true);
  });

  it('a fixed window’s turn hands out no fresh tries while the failures are recent: the limit slides', async () => {
    const l = limiter();
    const key = `slide-${randomUUID()}`;
    // Delays longer than the hour to the next turn: no try is due by delay either.
    const t = { key, free: 2, windowSeconds: 3600, baseDelaySeconds: 7200, capSeconds: 7200 };
    await l.recordFailure(key);
    await l.recordFailure(key);
    // Just past the next turn of the clock-aligned hour: a new window, the failures still within its last hour.
    const turn = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 1;
    const [lately] = await l.failureCounts(key, [t.windowSeconds], turn);
    expect(lately).toBe(2);
    expect((await l.throttle(t, turn, lately)).go).toBe(false);
    // What the fixed window alone did: two fresh tries at the turn.
    expect((await l.throttle(t, turn)).go).toBe(true);
  });

  it('counts failures within their window and clears them', async () => {
    const l = limiter();
    const key = `fail-${randomUUID()}`;
    await Promise.all([l.recordFailure(key, `${key}:b`), l.recordFailure(key)]);
    expect(await l.failureCount(key, 60)).toBe(2);
    expect(await l.failureCount(`${key}:b`, 60)).toBe(1);
    expect(await l.failureCount(key, 60, Date.now() + 120_000)).toBe(0);
    await l.clearFailures(key);
    expect(await l.failureCount(key, 60)).toBe(0);
  });
});

describe('revocations, by _id', () => {
  const settings = {
    SESSION_SECRET: Buffer.alloc(32, 7).toString('base64'),
    ACCESS_TOKEN_TTL_SECONDS: 900,
    REFRESH_TOKEN_TTL_SECONDS: 3600,
  } as ApiSettings;
  const replica = () =>
    new TokensService(conn.model(Session.name, SessionSchema), conn.model(Revocation.name, RevocationSchema), settings);

  it('a family revoked on one replica is refused by another within the poll’s second', async () => {
    const [a, b] = [replica(), replica()];
    const issued = await a.issue(new Types.ObjectId(), 'ada@example.com');
    const family = issued.claims.sid;
    expect(await b.isRevoked(family)).toBe(false);
    await a.revoke(issued.refreshToken);
    expect(await a.isRevoked(family)).toBe(true);
    // Within the poll's second: `until` gives up past it.
    expect(
      await until(
        () => b.isRevoked(family),
        (revoked) => revoked,
        { ms: 1_100, what: 'the revocation seen by the other replica' },
      ),
    ).toBe(true);
    // A replica started afterwards reads the whole lifetime's minutes.
    expect(await replica().isRevoked(family)).toBe(true);
  });

  it('an access token checked once is still refused past its expiry, and a forged one beside it never passes', () => {
    const tokens = replica();
    const now = Date.now();
    const { token, claims } = tokens.createAccessToken(
      new Types.ObjectId().toHexString(),
      'ada@example.com',
      'f1',
      now,
    );
    expect(tokens.verifyAccessToken(token, now)).toEqual(claims);
    // Remembered as verified (no HMAC again), yet its expiry is read each time.
    expect(tokens.verifyAccessToken(token, now + 899_000)).toEqual(claims);
    expect(tokens.verifyAccessToken(token, now + 900_000)).toBeUndefined();
    expect(tokens.verifyAccessToken(token, now)).toEqual(claims);
    const [payload, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ ...claims, usr: 'eve@example.com' })).toString('base64url');
    expect(tokens.verifyAccessToken(`${other}.${signature}`, now)).toBeUndefined();
    expect(tokens.verifyAccessToken(`${payload}.${signature!.slice(1)}x`, now)).toBeUndefined();
  });
});
