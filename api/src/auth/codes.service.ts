import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { createHmac, createSecretKey, randomInt, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Model } from 'mongoose';
import { ACCOUNT_CODES, CODE_LENGTH, RESEND_CODE_SECONDS } from '@portal/libs';
import { RateLimiter, TooManyRequestsError } from '../common/rate-limit';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { OneTimeCode, type CodePurpose } from './code.schema';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
/**
 * A password reset's mail: at most one per account in each `mailEveryMs` window of the clock, its code good
 * for `ttlMs`, so a browser bound to it at the window's end still has 10 minutes.
 */
export const RESET_MAIL = { mailEveryMs: 10 * 60 * 1000, ttlMs: 20 * 60 * 1000 };

/**
 * Six-digit one-time codes: hashed, single use, ten minutes, five wrong tries, one resend per 30 s.
 * Keyed by the normalised email, not the user, so an unknown email gets the same work, the same
 * 30-second refusal and the same answer as a known one (its code is simply never sent).
 */
@Injectable()
export class CodesService {
  /** The HMAC key, made once (createHmac with a Buffer key builds a KeyObject on every call). */
  private readonly secret: KeyObject;

  constructor(
    @InjectModel(OneTimeCode.name) private readonly codes: Model<OneTimeCode>,
    @Inject(SETTINGS) settings: ApiSettings,
    private readonly limiter: RateLimiter,
  ) {
    this.secret = createSecretKey(Buffer.from(settings.SESSION_SECRET, 'base64'));
  }

  private hash(key: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${key}:${code}`).digest('hex');
  }

  /**
   * A new code, replacing any earlier one of the same requester; refused within 30 seconds of the last.
   * A requester (the browser's device id) gets a code of its own: what a stranger requests or guesses
   * never replaces or uses up the tries of the code the owner's browser is waiting with.
   */
  async issue(userName: string, purpose: CodePurpose, requester = '', now = new Date()): Promise<string> {
    const key = codeKey(userName, purpose, requester);
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    const fields = {
      key,
      purpose,
      codeHash: this.hash(key, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      sentAt: now,
      attempts: 0,
      consumed: false,
    };
    // The first code of a key (a sign-up's) is one insert; of parallel firsts one is made, and the others
    // find it sent within 30 seconds.
    try {
      await this.codes.create({ _id: key, ...fields });
      return code;
    } catch (e) {
      if ((e as { code?: number }).code !== 11000) throw e;
    }
    const last = await this.codes.findById(key);
    if (last) {
      const wait = Math.ceil((last.sentAt.getTime() + RESEND_CODE_SECONDS * 1000 - now.getTime()) / 1000);
      if (wait > 0) throw new TooManyRequestsError(wait, ACCOUNT_CODES.resendTooSoon(wait), 'code:resend');
    }
    await this.codes.updateOne({ _id: key }, { $set: fields }, { upsert: true });
    return code;
  }

  /**
   * A password reset's code for the browser that asks (`requester`), and whether it is a new one to mail.
   * An account has one reset code per `RESET_MAIL.mailEveryMs` window of the clock, made by the first
   * request of the window (one insert by `_id`: of parallel requests one makes it, the others read it) and
   * mailed once; every browser asking in that window is bound to it. So strangers asking again and again
   * send the owner one mail per window, not one each, and whatever they ask, the owner's own browser is
   * bound to the code in the owner's inbox. Each browser has its own five tries of it (a stranger's wrong
   * codes use up nothing of the owner's), and the 30-second rule per browser.
   */
  async issueReset(userName: string, requester: string, now = new Date()): Promise<{ code?: string; mail: boolean }> {
    const key = codeKey(userName, 'reset-password', requester);
    const window = Math.floor(now.getTime() / RESET_MAIL.mailEveryMs) * RESET_MAIL.mailEveryMs;
    const windowKey = `${mailKey(userName)}:${window}`;
    const [mine, made] = await Promise.all([this.codes.findById(key), this.codes.findById(windowKey)]);
    if (mine) {
      const wait = Math.ceil((mine.sentAt.getTime() + RESEND_CODE_SECONDS * 1000 - now.getTime()) / 1000);
      if (wait > 0) throw new TooManyRequestsError(wait, ACCOUNT_CODES.resendTooSoon(wait), 'code:resend');
    }
    let mailed = made;
    let code: string | undefined;
    if (!mailed) {
      code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
      const doc = {
        _id: windowKey,
        key: windowKey,
        purpose: 'reset-password',
        codeHash: this.hash(mailKey(userName), code),
        // Made at any time in its window, so a browser bound at the window's end still has 10 minutes.
        expiresAt: new Date(now.getTime() + RESET_MAIL.ttlMs),
        sentAt: now,
      };
      try {
        mailed = await this.codes.create(doc);
      } catch (e) {
        if ((e as { code?: number }).code !== 11000) throw e;
        // Another request of this window made it first: its code, mailed by that request.
        [code, mailed] = [undefined, await this.codes.findById(windowKey)];
      }
    }
    const { codeHash, expiresAt } = mailed!;
    // Already bound to this window's code: nothing new (its tries stay as they are).
    if (mine && !mine.consumed && mine.codeHash === codeHash) return { mail: false };
    const fields = { key, purpose: 'reset-password', codeHash, expiresAt, sentAt: now, attempts: 0, consumed: false };
    await this.codes.updateOne({ _id: key }, { $set: fields }, { upsert: true });
    return { code, mail: !!code };
  }

  /** Consumes the code when it matches; otherwise counts the try and answers the spec-style error. */
  async consume(userName: string, purpose: CodePurpose, code: string, requester = '', now = new Date()): Promise<void> {
    const key = codeKey(userName, purpose, requester);
    const doc = await this.codes.findById(key);
    if (!doc || doc.consumed || doc.expiresAt <= now || doc.attempts >= MAX_CODE_ATTEMPTS) {
      throw new BadRequestException(ACCOUNT_CODES.expiredCode);
    }
    // Each try of this code takes one of five attempts first (a conditional `$inc` by `_id`), so parallel
    // tries cannot evaluate more than five guesses (a read-then-write counter let seven through).
    const attempts = await this.limiter.takeOneOf(
      `code:${key}:${doc.sentAt.getTime()}`,
      MAX_CODE_ATTEMPTS,
      doc.expiresAt,
    );
    if (attempts === 0) throw new BadRequestException(ACCOUNT_CODES.expiredCode);
    // A reset's code is the account's mailed one (issueReset), hashed under the account's key.
    const shared = purpose === 'reset-password' && requester !== '';
    const expected = Buffer.from(doc.codeHash, 'hex');
    const given = Buffer.from(this.hash(shared ? mailKey(userName) : key, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      // Guarded by the hash so a code issued meanwhile keeps its count (a wrong code's path only: FerretDB
      // scans for a filter of more than `_id`).
      await this.codes.updateOne({ _id: key, codeHash: doc.codeHash }, { $max: { attempts } });
      throw new BadRequestException(
        attempts >= MAX_CODE_ATTEMPTS ? ACCOUNT_CODES.expiredCode : ACCOUNT_CODES.invalidCode,
      );
    }
    // Single use, even under a race: only the request that takes the code's one use (a conditional `$inc` by
    // `_id`) wins; a conditional update on `consumed` would read every code on FerretDB.
    // A reset code's one use is shared by every browser bound to it (its window's code: its hash and end).
    const used = shared
      ? `code-used:${doc.codeHash}:${doc.expiresAt.getTime()}`
      : `code-used:${key}:${doc.sentAt.getTime()}`;
    const won = await this.limiter.takeOneOf(used, 1, doc.expiresAt);
    if (won !== 1) throw new BadRequestException(ACCOUNT_CODES.expiredCode);
    await this.codes.updateOne({ _id: key }, { $set: { consumed: true } });
  }
}

/** Sign-up codes have one key per email (the code step may be on any device); others one per requester too. */
const codeKey = (userName: string, purpose: CodePurpose, requester: string) =>
  requester ? `${userName}:${purpose}:${requester}` : `${userName}:${purpose}`;
/** The prefix of an account's mailed reset codes, one per window (issueReset): no browser's own code has it. */
const mailKey = (userName: string) => `${userName}:reset-password:mail`;
