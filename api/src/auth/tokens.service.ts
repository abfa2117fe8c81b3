import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Types, type Model } from 'mongoose';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { Session } from './session.schema';

export type AccessClaims = { sub: string; usr: string; exp: number };
export type IssuedTokens = { accessToken: string; refreshToken: string; claims: AccessClaims };

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Short-lived access tokens (HMAC-signed claims, checked without a database read) and rotating
 * refresh tokens (opaque, stored hashed, revoked on logout and on reuse).
 */
@Injectable()
export class TokensService {
  private readonly secret: Buffer;

  constructor(
    @InjectModel(Session.name) private readonly sessions: Model<Session>,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
  ) {
    this.secret = Buffer.from(settings.SESSION_SECRET, 'base64');
  }

  private sign(payload: string): string {
    return b64url(createHmac('sha256', this.secret).update(payload).digest());
  }

  createAccessToken(userId: string, userName: string, now = Date.now()): { token: string; claims: AccessClaims } {
    const claims: AccessClaims = {
      sub: userId,
      usr: userName,
      exp: Math.floor(now / 1000) + this.settings.ACCESS_TOKEN_TTL_SECONDS,
    };
    const payload = b64url(JSON.stringify(claims));
    return { token: `${payload}.${this.sign(payload)}`, claims };
  }

  /** The claims of a valid, unexpired access token, or undefined. */
  verifyAccessToken(token: string | undefined, now = Date.now()): AccessClaims | undefined {
    const [payload, signature, extra] = (token ?? '').split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as AccessClaims;
      return claims.exp * 1000 > now ? claims : undefined;
    } catch {
      return undefined;
    }
  }

  async issue(userId: Types.ObjectId, userName: string, familyId: string = randomUUID()): Promise<IssuedTokens> {
    const refreshToken = randomBytes(32).toString('base64url');
    await this.sessions.create({
      userId,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + this.settings.REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    const { token, claims } = this.createAccessToken(userId.toHexString(), userName);
    return { accessToken: token, refreshToken, claims };
  }

  /**
   * Retires a refresh token and answers whose it was, for the caller to issue the next pair in the same
   * family. A reused (already rotated) token revokes its whole family.
   */
  async rotate(refreshToken: string | undefined): Promise<{ userId: Types.ObjectId; familyId: string }> {
    const session = refreshToken ? await this.sessions.findOne({ tokenHash: sha256(refreshToken) }) : null;
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

  async revoke(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const session = await this.sessions.findOne({ tokenHash: sha256(refreshToken) });
    if (session) await this.revokeFamily(session.familyId);
  }

  async revokeAllFor(userId: Types.ObjectId): Promise<void> {
    await this.sessions.updateMany({ userId, revokedAt: { $exists: false } }, { $set: { revokedAt: new Date() } });
  }

  private async revokeFamily(familyId: string) {
    await this.sessions.updateMany({ familyId, revokedAt: { $exists: false } }, { $set: { revokedAt: new Date() } });
  }
}
