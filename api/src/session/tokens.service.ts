import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  randomUUID,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { Types, type Model } from 'mongoose';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { Revocation, Session, revocationMinute } from './session.schema';

/** sid: the session family, so revoking a family ends its access tokens at once. */
export type AccessClaims = { sub: string; usr: string; sid: string; exp: number };
export type IssuedTokens = { accessToken: string; refreshToken: string; claims: AccessClaims };

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** How often a replica reads the revocations other replicas wrote (the read path pays nothing else). */
const REVOCATION_SYNC_MS = 1000;
const MINUTE = 60_000;
/** How many verified access tokens a replica remembers (the oldest forgotten first). */
const VERIFIED_TOKENS = 10_000;
const isDuplicate = (e: unknown) => (e as { code?: number })?.code === 11000;

/**
 * Short-lived access tokens (HMAC-signed claims carrying their session family) and rotating refresh
 * tokens (opaque, stored hashed, revoked on logout, on reuse and on a password reset).
 *
 * A revoked family must end its access tokens at once, not after their 15 minutes. Checking each
 * request against the database would add a query to every read; instead each replica keeps the
 * families revoked within the last access-token lifetime in memory: its own revocations are added as
 * they happen, and others' are read at most once a second: the current minute's document by `_id` (and
 * the minute before, near its end), whatever the load.
 */
@Injectable()
export class TokensService {
  /** The HMAC key, made once (createHmac with a Buffer key builds a KeyObject on every call). */
  private readonly secret: KeyObject;
  /** family id → when it was revoked; entries older than an access token's lifetime are dropped. */
  private readonly revoked = new Map<string, number>();
  /**
   * Access tokens whose signature checked out, by the whole token: a session sends the same one with every
   * request for its lifetime, and its HMAC was most of the session guard's cost (the read path's CPU
   * profile). Expiry and revocation are still checked on every request.
   */
  private readonly verified = new Map<string, AccessClaims>();
  private syncedAt = 0;
  private prunedAt = 0;
  /** The last minute whose document this replica deleted (or found past the lifetime at start). */
  private prunedThrough?: number;
  private sync?: Promise<void>;

  constructor(
    @InjectModel(Session.name) private readonly sessions: Model<Session>,
    @InjectModel(Revocation.name) private readonly revocations: Model<Revocation>,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
  ) {
    this.secret = createSecretKey(Buffer.from(settings.SESSION_SECRET, 'base64'));
  }

  private sign(payload: string): string {
    return b64url(createHmac('sha256', this.secret).update(payload).digest());
  }

  createAccessToken(
    userId: string,
    userName: string,
    familyId: string,
    now = Date.now(),
  ): { token: string; claims: AccessClaims } {
    const claims: AccessClaims = {
      sub: userId,
      usr: userName,
      sid: familyId,
      exp: Math.floor(now / 1000) + this.settings.ACCESS_TOKEN_TTL_SECONDS,
    };
    const payload = b64url(JSON.stringify(claims));
    return { token: `${payload}.${this.sign(payload)}`, claims };
  }

  /** The claims of a valid, unexpired access token, or undefined. */
  verifyAccessToken(token: string | undefined, now = Date.now()): AccessClaims | undefined {
    if (!token) return undefined;
    let claims = this.verified.get(token);
    if (!claims) {
      claims = this.signedClaims(token);
      if (!claims) return undefined;
      if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
    }
    if (claims.exp * 1000 > now) return claims;
    this.verified.delete(token);
    return undefined;
  }

  /** The claims of a token whose signature is ours, whatever its expiry. */
  private signedClaims(token: string): AccessClaims | undefined {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as AccessClaims;
      const wellFormed =
        typeof claims.sub === 'string' && typeof claims.usr === 'string' && typeof claims.sid === 'string';
      return wellFormed && typeof claims.exp === 'number' ? claims : undefined;
    } catch {
      return undefined;
    }
  }

  async issue(userId: Types.ObjectId, userName: string, familyId: string = randomUUID()): Promise<IssuedTokens> {
    const refreshToken = randomBytes(32).toString('base64url');
    const tokenHash = sha256(refreshToken);
    await this.sessions.create({
      _id: tokenHash,
      userId,
      familyId,
      tokenHash,
      expiresAt: new Date(Date.now() + this.settings.REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    const { token, claims } = this.createAccessToken(userId.toHexString(), userName, familyId);
    return { accessToken: token, refreshToken, claims };
  }

  /**
   * Retires a refresh token and answers whose it was, for the caller to issue the next pair in the same
   * family. A reused (already rotated) token revokes its whole family.
   */
  async rotate(refreshToken: string | undefined): Promise<{ userId: Types.ObjectId; familyId: string }> {
    const session = refreshToken ? await this.sessions.findById(sha256(refreshToken)) : null;
    if (!session || session.revokedAt || session.expiresAt <= new Date()) throw new ForbiddenException();
    if (session.replacedAt) {
      await this.revokeFamily(session.familyId);
      throw new ForbiddenException();
    }
    const won = await this.sessions.updateOne(
      { _id: session._id, replacedAt: { $exists: false } },
      { $set: { replacedAt: new Date() } },
    );
    if (won.modifiedCount !== 1) {
      await this.revokeFamily(session.familyId);
      throw new ForbiddenException();
    }
    return { userId: session.userId, familyId: session.familyId };
  }

  /** Logout: the family of the refresh token, and the one the access token names (either may be all we have). */
  async revoke(refreshToken: string | undefined, accessFamilyId?: string): Promise<void> {
    const session = refreshToken ? await this.sessions.findById(sha256(refreshToken)) : null;
    const families = new Set([session?.familyId, accessFamilyId].filter((f): f is string => Boolean(f)));
    for (const f of families) await this.revokeFamily(f);
  }

  async revokeAllFor(userId: Types.ObjectId): Promise<void> {
    const families: string[] = await this.sessions.distinct('familyId', { userId, revokedAt: { $exists: false } });
    const at = new Date();
    await this.sessions.updateMany({ userId, revokedAt: { $exists: false } }, { $set: { revokedAt: at } });
    for (const f of families) this.revoked.set(f, at.getTime());
    if (families.length) await this.record(families, at);
  }

  private async revokeFamily(familyId: string) {
    // In memory first: this replica refuses the family's access tokens from now on.
    const at = new Date();
    this.revoked.set(familyId, at.getTime());
    await this.sessions.updateMany({ familyId, revokedAt: { $exists: false } }, { $set: { revokedAt: at } });
    await this.record([familyId], at);
  }

  /** Adds families to their minute's document (FerretDB: two first upserts at once, one meets E11000). */
  private async record(families: string[], at: Date) {
    const _id = revocationMinute(Math.floor(at.getTime() / MINUTE));
    const add = { $addToSet: { families: { $each: families } } };
    await this.revocations.updateOne({ _id }, add, { upsert: true }).catch(async (e: unknown) => {
      if (!isDuplicate(e)) throw e;
      await this.revocations.updateOne({ _id }, add);
    });
  }

  /** Whether the family was revoked (here, or by another replica up to a second ago). */
  async isRevoked(familyId: string): Promise<boolean> {
    if (Date.now() - this.syncedAt >= REVOCATION_SYNC_MS) {
      this.sync ??= this.readRevocations().finally(() => (this.sync = undefined));
      await this.sync;
    }
    return this.revoked.has(familyId);
  }

  private async readRevocations() {
    const now = Date.now();
    const lifetimeMs = this.settings.ACCESS_TOKEN_TTL_SECONDS * 1000;
    // Overlap the last read by a few seconds: replicas' clocks and in-flight writes need not agree exactly.
    // The minutes from there to now: one document in the usual case, two across a minute's end, the whole
    // lifetime's at start.
    const oldest = now - lifetimeMs - MINUTE;
    const since = Math.max(this.syncedAt ? this.syncedAt - 5000 : oldest, oldest);
    const minutes: number[] = [];
    for (let m = Math.floor(since / MINUTE); m <= Math.floor(now / MINUTE); m++) minutes.push(m);
    const docs = await Promise.all(minutes.map((m) => this.revocations.findById(revocationMinute(m)).lean()));
    // No TTL index on FerretDB: minutes past an access token's lifetime (and the overlap) go, once a
    // minute, each by `_id` (at start, the last day's).
    if (now - this.prunedAt >= MINUTE) {
      this.prunedAt = now;
      await this.prune(Math.floor((now - lifetimeMs - 2 * MINUTE) / MINUTE));
    }
    minutes.forEach((m, i) => {
      // A family counts as revoked at its minute's end, so it is kept at least a lifetime after the fact.
      for (const f of docs[i]?.families ?? [])
        this.revoked.set(f, Math.max(this.revoked.get(f) ?? 0, (m + 1) * MINUTE));
    });
    for (const [f, at] of this.revoked) if (at < oldest) this.revoked.delete(f);
    this.syncedAt = now;
  }

  private async prune(through: number) {
    const from = (this.prunedThrough ?? through - 24 * 60) + 1;
    if (from > through) return;
    this.prunedThrough = through;
    const ops = [];
    for (let m = from; m <= through; m++) ops.push({ deleteOne: { filter: { _id: revocationMinute(m) } } });
    await this.revocations.bulkWrite(ops, { ordered: false });
  }
}
