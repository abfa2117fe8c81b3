import { HttpException, Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, mongo } from 'mongoose';
import { createHash, createHmac, createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { IDEMPOTENCY_ERRORS, IDEMPOTENCY_RETENTION_HOURS, type IdempotencyErrorCode } from '@portal/libs';
import { SETTINGS, type ApiSettings } from '../../config/settings.module';
import { IdempotencyRecord } from './idempotency.schema';

export const IDEMPOTENCY_RETENTION_MS = IDEMPOTENCY_RETENTION_HOURS * 3600_000;
/** A claim is held this long without news; its request renews it every third of that while it runs. */
export const CLAIM_LEASE_MS = 60_000;
/** A request still running after this long is taken for hung: its claim is renewed no more. */
export const MAX_CLAIM_MS = 15 * 60_000;
/** How often each replica sweeps expired keys (FerretDB has no TTL index). */
const SWEEP_MS = 15 * 60_000;

export class IdempotencyError extends HttpException {
  constructor(
    code: IdempotencyErrorCode,
    readonly retryAfter?: number,
  ) {
    const { status, message } = IDEMPOTENCY_ERRORS[code];
    super({ message, code }, status);
  }
}

/** The first request's claim on a key: renewed while it runs, then completed or released. */
export type Claim = {
  /** Stores the answer for repeats (a success or a 4xx). */
  complete(status: number, body: string): Promise<void>;
  /** Gives the key back (a 5xx or a crash of the handler): the client may retry. */
  release(): Promise<void>;
};

export type Outcome = { run: Claim } | { replay: { status: number; body: string } };

const isDuplicate = (e: unknown) => (e as { code?: number })?.code === 11000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Idempotency keys in MongoDB only, so every api replica sees the same claims. See docs/security.md,
 * 'Idempotent requests'.
 */
@Injectable()
export class IdempotencyService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Idempotency');
  /** The HMAC key, made once (createHmac with a Buffer key builds a KeyObject on every call). */
  private readonly secret: KeyObject;
  private sweeper?: NodeJS.Timeout;
  /** How long a repeat waits for the first request's answer before answering 409 (tests lower it). */
  waitMs = 10_000;
  /** The lease of a claim (tests shorten it to see it renewed). */
  leaseMs = CLAIM_LEASE_MS;

  constructor(
    @InjectModel(IdempotencyRecord.name) private readonly records: Model<IdempotencyRecord>,
    @Inject(SETTINGS) settings: ApiSettings,
  ) {
    this.secret = createSecretKey(Buffer.from(settings.SESSION_SECRET, 'base64'));
  }

  onModuleInit() {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS + Math.floor(Math.random() * 60_000));
    this.sweeper.unref();
  }

  onModuleDestroy() {
    clearInterval(this.sweeper);
  }

  /** Removes every expired record: answers past 24 hours and claims whose request died. */
  async sweep(now = new Date()): Promise<number> {
    try {
      return (await this.records.deleteMany({ expiresAt: { $lt: now } }).exec()).deletedCount;
    } catch (e) {
      this.logger.warn(`sweep failed: ${(e as Error).message}`);
      return 0;
    }
  }

  /** The record's id: the key within its scope, hashed (keys are never stored as sent). */
  recordId(scope: string, key: string): string {
    return createHash('sha256').update(`${scope}\n${key}`).digest('base64url');
  }

  /** A keyed hash of what makes the request this request (it may hold a password: never a bare hash). */
  fingerprint(...parts: string[]): string {
    return createHmac('sha256', this.secret).update(parts.join('\n')).digest('base64url');
  }

  /** The collection itself, for the writes whose fields are all ours (no casting or validation to do). */
  private get raw(): mongo.Collection<IdempotencyRecord> {
    return this.records.collection as unknown as mongo.Collection<IdempotencyRecord>;
  }

  /**
   * Claims the key, or answers the first request's stored answer. A repeat that finds the key held by a
   * running request polls for its answer up to `waitMs`, then answers 409 REQUEST_IN_PROGRESS.
   */
  async begin(id: string, fingerprint: string): Promise<Outcome> {
    const deadline = Date.now() + this.waitMs;
    let pause = 20;
    for (;;) {
      const owner = randomUUID();
      const now = Date.now();
      try {
        // Straight to the driver: every field is ours and typed, so Mongoose's document, casting and
        // validation (and the stack trace its save() takes on each call) bought nothing on every request
        // with an Idempotency-Key (the journey profile).
        await this.raw.insertOne({
          _id: id,
          state: 'pending',
          fingerprint,
          owner,
          createdAt: new Date(now),
          expiresAt: new Date(now + this.leaseMs),
        });
        return { run: this.claim(id, owner) };
      } catch (e) {
        if (!isDuplicate(e)) throw e;
      }
      const held = await this.records.findById(id).lean();
      if (held && held.expiresAt.getTime() > Date.now()) {
        if (held.fingerprint !== fingerprint) throw new IdempotencyError('IDEMPOTENCY_KEY_REUSED');
        if (held.state === 'done') return { replay: { status: held.status!, body: held.body ?? '' } };
      } else if (held) {
        await this.reap(held);
      }
      // Held by a running request, or just released or reaped: wait a little, within the bound.
      if (Date.now() + pause > deadline) throw new IdempotencyError('REQUEST_IN_PROGRESS', 1);
      if (held?.state === 'pending' && held.expiresAt.getTime() > Date.now()) {
        await sleep(pause);
        pause = Math.min(pause * 1.5, 250);
      }
    }
  }

  /**
   * Removes an expired record (an old answer, or the claim of a request that crashed). Of every request
   * that found it expired, only the one that inserts the marker named by its owner deletes it, and only
   * that record (its owner): so a fresh claim made meanwhile is never deleted by a late reaper.
   */
  private async reap(expired: IdempotencyRecord) {
    const now = Date.now();
    try {
      await this.records.create({
        _id: `${expired._id}~reap~${expired.owner ?? 'none'}`,
        state: 'reaper',
        createdAt: new Date(now),
        expiresAt: new Date(now + 10 * 60_000),
      });
    } catch (e) {
      if (!isDuplicate(e)) throw e;
      await sleep(20); // another request is reaping it
      return;
    }
    await this.records.deleteOne({ _id: expired._id, owner: expired.owner }).exec();
    if (expired.state === 'pending') this.logger.warn('an idempotency claim expired (its request did not finish)');
  }

  private claim(id: string, owner: string): Claim {
    const started = Date.now();
    const heartbeat = setInterval(() => {
      if (Date.now() - started > MAX_CLAIM_MS) return clearInterval(heartbeat);
      this.records
        .updateOne({ _id: id, owner, state: 'pending' }, { $set: { expiresAt: new Date(Date.now() + this.leaseMs) } })
        .exec()
        .catch((e: Error) => this.logger.warn(`claim renewal failed: ${e.message}`));
    }, this.leaseMs / 3);
    heartbeat.unref();
    return {
      complete: async (status, body) => {
        clearInterval(heartbeat);
        const result = await this.raw.updateOne(
          { _id: id, owner },
          { $set: { state: 'done', status, body, expiresAt: new Date(Date.now() + IDEMPOTENCY_RETENTION_MS) } },
        );
        if (result.matchedCount === 0) this.logger.warn('an idempotency claim was lost before its answer was stored');
      },
      release: async () => {
        clearInterval(heartbeat);
        await this.records.deleteOne({ _id: id, owner }).exec();
      },
    };
  }
}
