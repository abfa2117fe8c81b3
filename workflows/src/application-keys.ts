import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

/**
 * One data key per application: the application workflow's payloads are sealed with it (codec.ts), and
 * the key is kept in MongoDB wrapped (AES-256-GCM) by the payload master key. Erasing an applicant's
 * account replaces the record by a tombstone without key material: every payload that key sealed, in
 * Temporal's history and its archives, is then unreadable (crypto-shredding), while every other
 * application's payloads still open with their own keys. Node only: the workflow bundle never imports it.
 */
export const APPLICATION_KEYS_COLLECTION = 'applicationkeys';

/** A key record: the wrapped key while it lives, `erasedAt` alone once erased. */
export type ApplicationKeyRecord = {
  _id: string;
  /** The master key's id that wrapped this key (rotation of the master key re-wraps, never re-encrypts). */
  wrappedBy?: string;
  /** IV, ciphertext and tag, base64. */
  wrapped?: string;
  createdAt?: Date;
  erasedAt?: Date;
};

/**
 * The storage of key records: MongoDB's collection (api and worker hand theirs in), or any store with
 * the same three calls. `insertOne` must refuse a second record with the same `_id` (a duplicate-key
 * error), so two processes making the first key of one application agree on one.
 */
export interface ApplicationKeyVault {
  findOne(filter: { _id: string }): Promise<ApplicationKeyRecord | null>;
  insertOne(doc: ApplicationKeyRecord): Promise<unknown>;
  replaceOne(filter: { _id: string }, doc: ApplicationKeyRecord, options: { upsert: boolean }): Promise<unknown>;
}

/** An erased application's payloads: never decoded, never written again. */
export class ApplicationKeyErased extends Error {
  constructor(applicationId: string) {
    super(`The payload key of application ${applicationId} was erased`);
    this.name = 'ApplicationKeyErased';
  }
}

/**
 * How long a process keeps an unwrapped key in memory. Erasure empties the erasing process's cache at
 * once; the others (the api's client and codec server, other workers) forget it within this time.
 */
export const KEY_CACHE_MS = 60_000;
const KEY_CACHE_MAX = 10_000;
const IV = 12;
const TAG = 16;

type Cached = { key: KeyObject | 'erased'; at: number };

export class ApplicationKeys {
  private readonly cache = new Map<string, Cached>();
  private readonly making = new Map<string, Promise<KeyObject>>();
  /** Reads of the vault under way: the payloads of one activation or batch decoded at once share one read. */
  private readonly reading = new Map<string, Promise<KeyObject | 'erased' | undefined>>();

  constructor(
    private readonly vault: ApplicationKeyVault,
    private readonly masters: Map<string, KeyObject>,
    private readonly currentMaster: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key that seals new payloads of this application, made (once, whoever asks first) if none yet. */
  async forEncode(applicationId: string): Promise<KeyObject> {
    const known = await this.lookup(applicationId);
    if (known === 'erased') throw new ApplicationKeyErased(applicationId);
    if (known) return known;
    let pending = this.making.get(applicationId);
    if (!pending) {
      pending = this.make(applicationId).finally(() => this.making.delete(applicationId));
      this.making.set(applicationId, pending);
    }
    return pending;
  }

  /**
   * `forEncode` for an application whose key is most likely not made yet (its workflow's start): made
   * first, one insert; a key that stands already (a repeated start) is read after the insert is refused.
   */
  async forNewApplication(applicationId: string): Promise<KeyObject> {
    const hit = this.cache.get(applicationId);
    if (hit && this.now() - hit.at < KEY_CACHE_MS) return this.forEncode(applicationId);
    let pending = this.making.get(applicationId);
    if (!pending) {
      pending = this.make(applicationId).finally(() => this.making.delete(applicationId));
      this.making.set(applicationId, pending);
    }
    return pending;
  }

  /** The key that opens this application's payloads; 'erased' once erased (a missing record too). */
  async forDecode(applicationId: string): Promise<KeyObject | 'erased'> {
    return (await this.lookup(applicationId)) ?? 'erased';
  }

  /** Crypto-shreds the application's payloads: the record keeps no key material. Idempotent. */
  async erase(applicationId: string): Promise<void> {
    await this.vault.replaceOne(
      { _id: applicationId },
      { _id: applicationId, erasedAt: new Date(this.now()) },
      { upsert: true },
    );
    this.reading.delete(applicationId);
    this.remember(applicationId, 'erased');
  }

  /** Whether the application has a live key (the erasure's proof reads this). */
  async isErased(applicationId: string): Promise<boolean> {
    const record = await this.vault.findOne({ _id: applicationId });
    return !!record && !record.wrapped;
  }

  private async lookup(applicationId: string): Promise<KeyObject | 'erased' | undefined> {
    const hit = this.cache.get(applicationId);
    if (hit && this.now() - hit.at < KEY_CACHE_MS) return hit.key;
    let pending = this.reading.get(applicationId);
    if (!pending) {
      const read = this.read(applicationId).finally(() => {
        if (this.reading.get(applicationId) === read) this.reading.delete(applicationId);
      });
      this.reading.set(applicationId, (pending = read));
    }
    return pending;
  }

  private async read(applicationId: string): Promise<KeyObject | 'erased' | undefined> {
    const started = this.now();
    const record = await this.vault.findOne({ _id: applicationId });
    // Erased here while the read was under way: the read may have found the key before it went.
    const since = this.cache.get(applicationId);
    if (since?.key === 'erased' && since.at >= started) return 'erased';
    if (!record) return undefined;
    const key = record.wrapped ? this.unwrap(record) : 'erased';
    this.remember(applicationId, key);
    return key;
  }

  private async make(applicationId: string): Promise<KeyObject> {
    const raw = randomBytes(32);
    try {
      await this.vault.insertOne({
        _id: applicationId,
        wrappedBy: this.currentMaster,
        wrapped: this.wrap(raw),
        createdAt: new Date(this.now()),
      });
    } catch (e) {
      // Another process made it first (duplicate key): theirs is the key.
      if ((e as { code?: number }).code !== 11000) throw e;
      const theirs = await this.lookup(applicationId);
      if (theirs === 'erased') throw new ApplicationKeyErased(applicationId);
      if (!theirs) throw e;
      return theirs;
    }
    const key = createSecretKey(raw);
    this.remember(applicationId, key);
    return key;
  }

  private wrap(raw: Buffer): string {
    const iv = randomBytes(IV);
    const cipher = createCipheriv('aes-256-gcm', this.masters.get(this.currentMaster)!, iv);
    return Buffer.concat([iv, cipher.update(raw), cipher.final(), cipher.getAuthTag()]).toString('base64');
  }

  private unwrap(record: ApplicationKeyRecord): KeyObject {
    const master = this.masters.get(record.wrappedBy ?? '');
    if (!master) throw new Error(`No payload master key with id ${record.wrappedBy}`);
    const data = Buffer.from(record.wrapped!, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', master, data.subarray(0, IV));
    decipher.setAuthTag(data.subarray(data.length - TAG));
    return createSecretKey(Buffer.concat([decipher.update(data.subarray(IV, data.length - TAG)), decipher.final()]));
  }

  private remember(applicationId: string, key: KeyObject | 'erased') {
    this.cache.delete(applicationId);
    if (this.cache.size >= KEY_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(applicationId, { key, at: this.now() });
  }
}
