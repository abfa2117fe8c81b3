import { createCipheriv, createDecipheriv, createSecretKey, randomFillSync, type KeyObject } from 'node:crypto';
import type { Payload, PayloadCodec, SerializationContext } from '@temporalio/common';
import { ApplicationKeys, type ApplicationKeyVault } from './application-keys';

/**
 * Encrypts every workflow payload with AES-256-GCM, tagging it with a key id so keys can rotate: old
 * payloads decode with their own key, new ones use the current. Used by the api's client, the worker and
 * replay tests; never inside workflow code (node:crypto: the workflow bundle never imports this file).
 *
 * node:crypto with KeyObjects made once, synchronously: Web Crypto's encrypt and decrypt each went through
 * the thread pool and a promise, a measurable share of the worker's main thread per journey. The bytes
 * are the same as Web Crypto's (IV, then ciphertext, then the 16-byte tag), so payloads written before
 * still decode.
 *
 * Per application: given the key vault (application-keys.ts), a payload whose owner is an application
 * workflow (`application-<id>`: its input, signals, updates, activities and their results, by the SDK's
 * serialization context) is sealed with that application's own key, its key id `app:<id>`; everything else
 * (other workflows, a caller without a vault) with the master key. An erased application's payloads are
 * left sealed on decode: unreadable, while every other history decodes (docs/decisions/015).
 */
const ENCODING = 'binary/encrypted';
const enc = new TextEncoder();
const dec = new TextDecoder();
const IV_BYTES = 12;
const APP_KEY_PREFIX = 'app:';
const APP_WORKFLOW = /^application-([0-9a-f]{24})$/;
const TAG_BYTES = 16;

/**
 * Fresh random IVs, drawn from the CSPRNG a few hundred at a time: one randomBytes call per payload was
 * about a quarter of the codec's time on the worker's main thread (a native call each, for 12 bytes).
 * Every IV is still unpredictable and used once: each slice is handed out once, then the pool is refilled.
 */
const IV_POOL = Buffer.allocUnsafeSlow(IV_BYTES * 256);
let ivTaken = IV_POOL.length;
function freshIv(): Buffer {
  if (ivTaken + IV_BYTES > IV_POOL.length) {
    randomFillSync(IV_POOL);
    ivTaken = 0;
  }
  const iv = Buffer.from(IV_POOL.subarray(ivTaken, ivTaken + IV_BYTES));
  ivTaken += IV_BYTES;
  return iv;
}

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
    private readonly applications?: ApplicationKeys,
  ) {}

  /**
   * keys: key id to base64 AES-256 key; currentKeyId encrypts, the others only decrypt. vault: where the
   * applications' own keys live (wrapped by the current key); without one, every payload takes the master key.
   */
  static async create(
    currentKeyId: string,
    keys: Record<string, string>,
    vault?: ApplicationKeyVault,
  ): Promise<EncryptionCodec> {
    const imported = new Map<string, KeyObject>();
    for (const [id, raw] of Object.entries(keys)) {
      const key = Buffer.from(raw, 'base64');
      if (key.length !== 32) throw new Error(`Payload key ${id} is not an AES-256 key (32 bytes)`);
      imported.set(id, createSecretKey(key));
    }
    if (!imported.has(currentKeyId)) throw new Error(`No payload key with id ${currentKeyId}`);
    const applications = vault ? new ApplicationKeys(vault, imported, currentKeyId) : undefined;
    return new EncryptionCodec(currentKeyId, imported, applications);
  }

  /** The applications' keys (erasure uses them); undefined without a vault. */
  get applicationKeys(): ApplicationKeys | undefined {
    return this.applications;
  }

  async encode(payloads: Payload[], context?: SerializationContext): Promise<Payload[]> {
    const applicationId = this.applications && ownerApplication(context);
    const [keyId, key] = applicationId
      ? [APP_KEY_PREFIX + applicationId, await this.applications!.forEncode(applicationId)]
      : [this.currentKeyId, this.keys.get(this.currentKeyId)!];
    const metadata = () => ({ encoding: enc.encode(ENCODING), 'encryption-key-id': enc.encode(keyId) });
    return payloads.map((p) => {
      const iv = freshIv();
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const head = cipher.update(JSON.stringify(serialize(p)), 'utf8');
      const tail = cipher.final();
      return { metadata: metadata(), data: own(Buffer.concat([iv, head, tail, cipher.getAuthTag()])) };
    });
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    const out: Payload[] = [];
    for (const p of payloads) out.push(this.decodeWith(p, await this.keyOf(p)));
    return out;
  }

  /** The key that opens a payload; null for a payload not encrypted, 'erased' for an erased application's. */
  private async keyOf(p: Payload): Promise<KeyObject | 'erased' | null> {
    if (!p.metadata?.encoding || dec.decode(p.metadata.encoding) !== ENCODING) return null;
    const keyId = dec.decode(p.metadata['encryption-key-id'] ?? new Uint8Array());
    if (keyId.startsWith(APP_KEY_PREFIX)) {
      if (!this.applications) throw new Error(`No key vault to open payload key ${keyId}`);
      return this.applications.forDecode(keyId.slice(APP_KEY_PREFIX.length));
    }
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`Unknown payload key id ${keyId}`);
    return key;
  }

  private decodeWith(p: Payload, key: KeyObject | 'erased' | null): Payload {
    if (key === null || key === 'erased') return p;
    const data = bytes(p.data ?? new Uint8Array());
    if (data.length < IV_BYTES + TAG_BYTES) throw new Error('Encrypted payload too short');
    const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, IV_BYTES));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)), decipher.final()]);
    return deserialize(JSON.parse(plain.toString('utf8')) as SerializedPayload);
  }
}

/** The application whose workflow owns a payload (its own, or an activity it scheduled), if any. */
function ownerApplication(context?: SerializationContext): string | undefined {
  return context?.workflowId ? APP_WORKFLOW.exec(context.workflowId)?.[1] : undefined;
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

/**
 * The data converter the api client, the worker and replay tests share. With the vault, each application's
 * payloads take its own key.
 */
export async function createDataConverter(
  settings: { PAYLOAD_KEY_ID: string; PAYLOAD_KEY: string },
  vault?: ApplicationKeyVault,
) {
  const codec = await EncryptionCodec.create(
    settings.PAYLOAD_KEY_ID,
    { [settings.PAYLOAD_KEY_ID]: settings.PAYLOAD_KEY },
    vault,
  );
  return { payloadCodecs: [codec] };
}
