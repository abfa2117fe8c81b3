import type { Payload, PayloadCodec } from '@temporalio/common';

/**
 * Encrypts every workflow payload with AES-256-GCM (Web Crypto, so no Node import), tagging it
 * with a key id so keys can rotate: old payloads decode with their own key, new ones use the current.
 * Used by the api's client, the worker and replay tests; never inside workflow code.
 */
const ENCODING = 'binary/encrypted';
const enc = new TextEncoder();
const dec = new TextDecoder();

const b64 = (u: Uint8Array): string => Buffer.from(u).toString('base64');
const unb64 = (s: string): Uint8Array<ArrayBuffer> => Uint8Array.from(Buffer.from(s, 'base64'));

export class EncryptionCodec implements PayloadCodec {
  private constructor(
    private readonly currentKeyId: string,
    private readonly keys: Map<string, CryptoKey>,
  ) {}

  /** keys: key id to base64 AES-256 key; currentKeyId encrypts, the others only decrypt. */
  static async create(currentKeyId: string, keys: Record<string, string>): Promise<EncryptionCodec> {
    const imported = new Map<string, CryptoKey>();
    for (const [id, raw] of Object.entries(keys)) {
      imported.set(id, await crypto.subtle.importKey('raw', unb64(raw), 'AES-GCM', false, ['encrypt', 'decrypt']));
    }
    if (!imported.has(currentKeyId)) throw new Error(`No payload key with id ${currentKeyId}`);
    return new EncryptionCodec(currentKeyId, imported);
  }

  async encode(payloads: Payload[]): Promise<Payload[]> {
    const key = this.keys.get(this.currentKeyId)!;
    return Promise.all(
      payloads.map(async (p) => {
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const plain = enc.encode(JSON.stringify(serialize(p)));
        const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
        const data = new Uint8Array(iv.length + sealed.length);
        data.set(iv);
        data.set(sealed, iv.length);
        return {
          metadata: { encoding: enc.encode(ENCODING), 'encryption-key-id': enc.encode(this.currentKeyId) },
          data,
        };
      }),
    );
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return Promise.all(
      payloads.map(async (p) => {
        if (!p.metadata?.encoding || dec.decode(p.metadata.encoding) !== ENCODING) return p;
        const keyId = dec.decode(p.metadata['encryption-key-id'] ?? new Uint8Array());
        const key = this.keys.get(keyId);
        if (!key) throw new Error(`Unknown payload key id ${keyId}`);
        const data = p.data ?? new Uint8Array();
        const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: data.slice(0, 12) }, key, data.slice(12));
        return deserialize(JSON.parse(dec.decode(plain)) as SerializedPayload);
      }),
    );
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
