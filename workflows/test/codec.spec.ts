// The payload codec: AES-256-GCM through node:crypto with keys made once, where it used Web Crypto (each
// encrypt and decrypt a thread-pool job and a promise, a measurable share of the worker's main thread). The bytes are unchanged, so a payload sealed the old way,
// as every history written before holds them, still decodes; a tampered one or another key's is refused.
import { webcrypto } from 'node:crypto';
import type { Payload } from '@temporalio/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EncryptionCodec } from '../src/codec';

const KEY = Buffer.alloc(32, 7).toString('base64');
const OTHER = Buffer.alloc(32, 9).toString('base64');
const enc = new TextEncoder();
const b64 = (u: Uint8Array) => Buffer.from(u).toString('base64');

const plain = (text: string): Payload => ({
  metadata: { encoding: enc.encode('json/plain') },
  data: enc.encode(JSON.stringify(text)),
});
const text = (p: Payload) => JSON.parse(new TextDecoder().decode(p.data)) as string;

/** A payload sealed as the Web Crypto codec sealed it (IV, ciphertext and tag; JSON of base64 fields). */
async function sealedTheOldWay(p: Payload, keyId: string, rawKey: string): Promise<Payload> {
  const key = await webcrypto.subtle.importKey('raw', Buffer.from(rawKey, 'base64'), 'AES-GCM', false, ['encrypt']);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const serialized = { metadata: { encoding: b64(p.metadata!.encoding!) }, data: b64(p.data!) };
  const sealed = new Uint8Array(
    await webcrypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, enc.encode(JSON.stringify(serialized))),
  );
  return {
    metadata: { encoding: enc.encode('binary/encrypted'), 'encryption-key-id': enc.encode(keyId) },
    data: new Uint8Array([...iv, ...sealed]),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('payload codec', () => {
  it('decodes what it encodes, sealed under the current key id, and leaves unencrypted payloads alone', async () => {
    const codec = await EncryptionCodec.create('k1', { k1: KEY });
    const [sealed] = await codec.encode([plain('Ada Lovelace, 123-45-6789')]);
    expect(new TextDecoder().decode(sealed!.metadata!['encryption-key-id'])).toBe('k1');
    expect(Buffer.from(sealed!.data!).toString()).not.toContain('Lovelace');
    const [opened, untouched] = await codec.decode([sealed!, plain('as is')]);
    expect(text(opened!)).toBe('Ada Lovelace, 123-45-6789');
    expect(text(untouched!)).toBe('as is');
  });

  it('seals payloads whose bytes are array-likes, as some from the workflow sandbox are', async () => {
    const codec = await EncryptionCodec.create('k1', { k1: KEY });
    const p = plain('from the sandbox');
    const arrayLike = {
      metadata: { encoding: Array.from(p.metadata!.encoding!) },
      data: Array.from(p.data!),
    } as unknown as Payload;
    expect(text((await codec.decode(await codec.encode([arrayLike])))[0]!)).toBe('from the sandbox');
  });

  it('decodes payloads the Web Crypto codec sealed, with their own key after a rotation', async () => {
    const codec = await EncryptionCodec.create('k2', { k1: KEY, k2: OTHER });
    const old = await sealedTheOldWay(plain('sealed in 2025'), 'k1', KEY);
    expect(text((await codec.decode([old]))[0]!)).toBe('sealed in 2025');
  });

  it('refuses a tampered payload, an unknown key id and a key that is not AES-256', async () => {
    const codec = await EncryptionCodec.create('k1', { k1: KEY });
    const [sealed] = await codec.encode([plain('x')]);
    const tampered = { ...sealed!, data: Uint8Array.from(sealed!.data!, (b, i) => (i === 20 ? b ^ 1 : b)) };
    await expect(codec.decode([tampered])).rejects.toThrow();
    const stranger = await EncryptionCodec.create('k9', { k9: OTHER });
    const [theirs] = await stranger.encode([plain('x')]);
    await expect(codec.decode([theirs!])).rejects.toThrow(/Unknown payload key id k9/);
    await expect(EncryptionCodec.create('k1', { k1: Buffer.alloc(16).toString('base64') })).rejects.toThrow(/AES-256/);
  });

  it('seals and opens without Web Crypto (no thread-pool job and promise per payload)', async () => {
    const encrypt = vi.spyOn(globalThis.crypto.subtle, 'encrypt');
    const decrypt = vi.spyOn(globalThis.crypto.subtle, 'decrypt');
    const codec = await EncryptionCodec.create('k1', { k1: KEY });
    await codec.decode(await codec.encode([plain('a'), plain('b')]));
    expect(encrypt).not.toHaveBeenCalled();
    expect(decrypt).not.toHaveBeenCalled();
  });

  it('gives every payload an IV of its own, across refills of the IV pool', async () => {
    const codec = await EncryptionCodec.create('k1', { k1: KEY });
    // More payloads than one draw from the CSPRNG holds (256 IVs), over several encode calls.
    const sealed = [
      ...(await codec.encode(Array.from({ length: 300 }, (_, i) => plain(`a${i}`)))),
      ...(await codec.encode(Array.from({ length: 300 }, (_, i) => plain(`b${i}`)))),
    ];
    const ivs = new Set(sealed.map((p) => Buffer.from(p.data!.subarray(0, 12)).toString('hex')));
    expect(ivs.size).toBe(600);
    const opened = await codec.decode(sealed);
    expect(text(opened[299]!)).toBe('a299');
    expect(text(opened[599]!)).toBe('b299');
  });
});
