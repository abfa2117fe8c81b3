import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Payload, PayloadCodec } from '@temporalio/common';

/**
 * Encrypts every workflow payload with AES-256-GCM, tagging it with a key id so keys can rotate: old
 * payloads decode with their own key, new ones use the current. Used by the api's client, the worker and
 * replay tests; never inside workflow code (node:crypto: the workflow bundle never imports this file).
 *
 * node:crypto with KeyObjects made once, synchronously: Web Crypto's encrypt and decrypt each went through
 * the thread pool and a promise, a measurable share of the worker's main thread per journey. The bytes
 * are the same as Web Crypto's (IV, then ciphertext, then the 16-byte tag), so payloads written before
 * still decode.
 */
const ENCODING = 'binary/encrypted';
const enc = new TextEncoder();
const dec = new TextDecoder();
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A payload's bytes as a Buffer over the same memory, without a copy. Not every payload's bytes are a typed
 * array (some the worker gets from the workflow sandbox are array-likes): those are copied, as before.
 */
const bytes = (u: Uint8Array): Buffer =>
  ArrayBuffer.isView(u) ? Buffer.from(u.buffer, u.byteOffset, u.byteLength) : Buffer.from(u);
const b64 = (u: Uint8Array): string => bytes(u).toString('base64');
/** A Uint8Array of its own (a small Buffer is a view of a shared pool). */
const own = (b: Buffer): Uint8Array => new Uint8Array(b);
const unb64 = (s: string): Uint8Array => own(Buffer.from(s, 'base64'));

export class EncryptionCodec implements PayloadCodec {
  private constructor(
    private readonly currentKeyId: string,
    private readonly keys: Map<string, KeyObject>,
  ) {}

  /** keys: key id to base64 AES-256 key; currentKeyId encrypts, the others only decrypt. */
  static async create(currentKeyId: string, keys: Record<string, string>): Promise<EncryptionCodec> {
    const imported = new Map<string, KeyObject>();
    for (const [id, raw] of Object.entries(keys)) {
      const key = Buffer.from(raw, 'base64');
      if (key.length !== 32) throw new Error(`Payload key ${id} is not an AES-256 key (32 bytes)`);
      imported.set(id, createSecretKey(key));
    }
    if (!imported.has(currentKeyId)) throw new Error(`No payload key with id ${currentKeyId}`);
    return new EncryptionCodec(currentKeyId, imported);
  }

  encode(payloads: Payload[]): Promise<Payload[]> {
    const key = this.keys.get(this.currentKeyId)!;
    const metadata = () => ({ encoding: enc.encode(ENCODING), 'encryption-key-id': enc.encode(this.currentKeyId) });
    return Promise.resolve(
      payloads.map((p) => {
        const iv = randomBytes(IV_BYTES);
        const cipher = createCipheriv('aes-256-gcm', key, iv);
        const head = cipher.update(JSON.stringify(serialize(p)), 'utf8');
        const tail = cipher.final();
        return { metadata: metadata(), data: own(Buffer.concat([iv, head, tail, cipher.getAuthTag()])) };
      }),
    );
  }

  decode(payloads: Payload[]): Promise<Payload[]> {
    try {
      return Promise.resolve(payloads.map((p) => this.decodeOne(p)));
    } catch (e) {
      return Promise.reject(e as Error);
    }
  }

  private decodeOne(p: Payload): Payload {
    if (!p.metadata?.encoding || dec.decode(p.metadata.encoding) !== ENCODING) return p;
    const keyId = dec.decode(p.metadata['encryption-key-id'] ?? new Uint8Array());
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`Unknown payload key id ${keyId}`);
    const data = bytes(p.data ?? new Uint8Array());
    if (data.length < IV_BYTES + TAG_BYTES) throw new Error('Encrypted payload too short');
    const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, IV_BYTES));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)), decipher.final()]);
    return deserialize(JSON.parse(plain.toString('utf8')) as SerializedPayload);
  }
}

type SerializedPayload = { metadata: Record<string, string>; data: string };

function serialize(p: Payload): SerializedPayload {
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.metadata ?? {})) if (v) metadata[k] = b64(v);
  return { metadata, data: b64(p.data ?? new Uint8Array()) };
}

function deserialize(s: SerializedPayload): Payload {
  const metadata: Record<string, Uint8Array> = {};
  for (const [k, v] of Object.entries(s.metadata)) metadata[k] = unb64(v);
  return { metadata, data: unb64(s.data) };
}

/** The data converter the api client, the worker and replay tests share. */
export async function createDataConverter(settings: { PAYLOAD_KEY_ID: string; PAYLOAD_KEY: string }) {
  const codec = await EncryptionCodec.create(settings.PAYLOAD_KEY_ID, {
    [settings.PAYLOAD_KEY_ID]: settings.PAYLOAD_KEY,
  });
  return { payloadCodecs: [codec] };
}
