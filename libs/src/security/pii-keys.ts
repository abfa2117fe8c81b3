/// <reference types="node" />
// Node only (node:crypto): imported by path, never through the libs index the web app bundles.
import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

export type PiiSettings = { PII_KEY_ID: string; PII_KEY: string; PII_OLD_KEYS: string };

const PREFIX = 'pii:v1';

/**
 * AES-256-GCM for SSN/SIN, EIN and date of birth at rest. Each value carries the id of its key, so keys
 * rotate: new values use PII_KEY, older ones still open with the key named in PII_OLD_KEYS.
 */
export class PiiKeys {
  /** KeyObjects made once: createCipheriv with a Buffer key builds one on every call, a cost on every
   * read and write of an owner. */
  private readonly keys = new Map<string, KeyObject>();
  private readonly currentId: string;

  constructor(settings: PiiSettings) {
    this.currentId = settings.PII_KEY_ID;
    this.keys.set(settings.PII_KEY_ID, createSecretKey(Buffer.from(settings.PII_KEY, 'base64')));
    if (settings.PII_OLD_KEYS !== 'none') {
      for (const pair of settings.PII_OLD_KEYS.split(',')) {
        const [id, key] = pair.split(':');
        if (id && key) this.keys.set(id.trim(), createSecretKey(Buffer.from(key.trim(), 'base64')));
      }
    }
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentId)!, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}:${this.currentId}:${Buffer.concat([iv, sealed]).toString('base64')}`;
  }

  decrypt(stored: string): string {
    if (!stored.startsWith(`${PREFIX}:`)) return stored;
    const [, , keyId = '', data = ''] = stored.split(':');
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`no PII key with id ${keyId}`);
    const raw = Buffer.from(data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  }

  /** Encrypts a value that may be empty (empty stays empty: nothing to protect). */
  seal = (v: string | undefined): string => (v ? this.encrypt(v) : '');
  open = (v: string | undefined): string => (v ? this.decrypt(v) : '');
}

/** The last four characters only: ***-**-6789, **-***6789, ****-**-** for dates. */
export const maskTail = (v: string, shown = 4): string =>
  v ? v.replace(/\d/g, '*').slice(0, Math.max(0, v.length - shown)) + v.slice(-shown) : '';
export const maskDate = (v: string): string => (v ? v.replace(/\d/g, '*') : '');
