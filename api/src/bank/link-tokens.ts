import { createHash } from 'node:crypto';
import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import type { LinkTokenGetResponse, PlaidApi } from 'plaid';
import { BANK_CODES } from '@portal/libs';
import { PiiCipher } from '../common/pii';
import { BankLinkTokens } from './bank-link.schema';
import { PlaidClient } from './plaid-client';
import { plaidOutcome } from './plaid-outcome';

/** The Link tokens kept per application: an applicant opening Link a few times still has theirs. */
const KEPT = 5;
/** A public token lives 30 minutes after its session: a link token that expired before that is still asked. */
const PUBLIC_TOKEN_MS = 30 * 60_000;

/** Whether a session of this link token gave the public token (Plaid's current field, and its older one). */
const gave = (sessions: LinkTokenGetResponse['link_sessions'], publicToken: string) =>
  (sessions ?? []).some(
    (s) =>
      s.results?.item_add_results?.some((r) => r.public_token === publicToken) ||
      s.on_success?.public_token === publicToken,
  );

/**
 * Binds a bank link to the applicant and application it was started for. A public token is a bearer
 * token: whoever holds it could exchange it, so another applicant handed (or shown) one would have the
 * owner's bank linked to their own application, with its statements, and the owner's own exchange
 * refused. Each Link token the api makes is recorded with its application and user; an exchange goes
 * ahead only when Plaid's /link/token/get says one of that user's tokens for that application gave the
 * public token, so it is refused before Plaid spends it, and the owner's exchange still works.
 */
@Injectable()
export class LinkTokens {
  private readonly logger = new Logger(LinkTokens.name);

  constructor(
    @InjectModel(BankLinkTokens.name) private readonly tokens: Model<BankLinkTokens>,
    private readonly plaid: PlaidClient,
    private readonly pii: PiiCipher,
  ) {}

  /**
   * Notes a Link token made for the application and user (kept sealed, as access tokens are), dropping
   * the expired and all but the latest few: one read and one write by `_id`, fields named by hash.
   */
  async record(applicationId: Types.ObjectId, userId: string, linkToken: string, expiration: string) {
    const expiresAt = new Date(Date.parse(expiration) || Date.now() + 4 * 3600_000);
    const entry = { sealed: this.pii.encrypt(linkToken), userId: new Types.ObjectId(userId), expiresAt };
    const earlier = Object.entries((await this.tokens.findById(applicationId, { t: 1 }).lean())?.t ?? {})
      .sort(([, a], [, b]) => new Date(b.expiresAt).getTime() - new Date(a.expiresAt).getTime())
      .filter(([, e], i) => i >= KEPT - 1 || new Date(e.expiresAt).getTime() + PUBLIC_TOKEN_MS < Date.now());
    const update = {
      $set: { [`t.${createHash('sha256').update(linkToken).digest('base64url')}`]: entry },
      ...(earlier.length ? { $unset: Object.fromEntries(earlier.map(([k]) => [`t.${k}`, ''])) } : {}),
    };
    try {
      await this.tokens.updateOne({ _id: applicationId }, update, { upsert: true });
    } catch (e) {
      // Two first upserts of one application at once (two tabs opening Link): the loser's is an update.
      if ((e as { code?: number }).code !== 11000) throw e;
      await this.tokens.updateOne({ _id: applicationId }, update);
    }
  }

  /** Refuses (400, as Plaid's own refusal) a public token no Link token of this user and application gave. */
  async checkGiven(plaid: PlaidApi, applicationId: Types.ObjectId, userId: string, publicToken: string) {
    const doc = await this.tokens.findById(applicationId).lean();
    const now = Date.now();
    const mine = Object.values(doc?.t ?? {})
      .filter((t) => String(t.userId) === userId && new Date(t.expiresAt).getTime() + PUBLIC_TOKEN_MS > now)
      .sort((a, b) => new Date(b.expiresAt).getTime() - new Date(a.expiresAt).getTime());
    for (const t of mine) {
      let sessions: LinkTokenGetResponse['link_sessions'];
      try {
        sessions = (await plaid.linkTokenGet({ link_token: this.pii.decrypt(t.sealed) })).data.link_sessions;
      } catch (e) {
        // An expired or unknown link token is not this one; an outage answers 503 as other calls do.
        if (plaidOutcome(e).kind === 'refused') continue;
        this.plaid.failed(e);
      }
      if (gave(sessions, publicToken)) return;
    }
    this.logger.warn({ msg: 'public token not from this applicant’s link', applicationId: String(applicationId) });
    throw new BadRequestException(BANK_CODES.refused);
  }
}
