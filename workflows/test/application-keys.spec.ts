// Per-application payload keys: an application workflow's payloads take its own key (kept wrapped by the
// master key), other payloads the master key; erasing one application's key leaves its payloads sealed
// while another application's still decode.
import type { Payload } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { EncryptionCodec } from '../src/codec';
import type { ApplicationKeyRecord, ApplicationKeyVault } from '../src/application-keys';

const MASTER = Buffer.alloc(32, 7).toString('base64');
const A = '65a1b2c3d4e5f6a7b8c9d0e1';
const B = '65a1b2c3d4e5f6a7b8c9d0e2';
const enc = new TextEncoder();
const plain = (text: string): Payload => ({
  metadata: { encoding: enc.encode('json/plain') },
  data: enc.encode(JSON.stringify(text)),
});
const text = (p: Payload) => JSON.parse(new TextDecoder().decode(p.data)) as string;
const keyId = (p: Payload) => new TextDecoder().decode(p.metadata!['encryption-key-id']);
const ctx = (id: string) => ({ type: 'workflow' as const, namespace: 'default', workflowId: `application-${id}` });

/** A vault as MongoDB behaves: a second insert of one `_id` is a duplicate-key error. */
function memoryVault() {
  const docs = new Map<string, ApplicationKeyRecord>();
  const vault: ApplicationKeyVault = {
    findOne: ({ _id }) => Promise.resolve(docs.get(_id) ?? null),
    insertOne: (doc) => {
      if (docs.has(doc._id)) return Promise.reject(Object.assign(new Error('E11000'), { code: 11000 }));
      docs.set(doc._id, doc);
      return Promise.resolve();
    },
    replaceOne: ({ _id }, doc) => Promise.resolve(void docs.set(_id, doc)),
  };
  return { docs, vault };
}

describe('per-application payload keys', () => {
  it('seals an application workflow payload with its own key, wrapped by the master key, and other payloads with the master key', async () => {
    const { docs, vault } = memoryVault();
    const codec = await EncryptionCodec.create('m1', { m1: MASTER }, vault);
    const [mine] = await codec.encode([plain('Ada Lovelace')], ctx(A));
    const [activity] = await codec.encode([plain('lead')], {
      type: 'activity',
      namespace: 'default',
      workflowId: `application-${A}`,
      isLocal: true,
    });
    const [other] = await codec.encode([plain('affiliate')], {
      type: 'workflow',
      namespace: 'default',
      workflowId: 'affiliate-x',
    });
    const [none] = await codec.encode([plain('no context')]);
    expect([keyId(mine!), keyId(activity!), keyId(other!), keyId(none!)]).toEqual([`app:${A}`, `app:${A}`, 'm1', 'm1']);
    expect(docs.get(A)).toMatchObject({ wrappedBy: 'm1' });
    expect(docs.get(A)!.wrapped).not.toContain('Ada');
    // A fresh process (another codec over the same vault) opens it through the wrapped key.
    const fresh = await EncryptionCodec.create('m1', { m1: MASTER }, vault);
    expect((await fresh.decode([mine!, other!])).map(text)).toEqual(['Ada Lovelace', 'affiliate']);
  });

  it('makes one key when two processes seal the first payload of an application at once', async () => {
    const { docs, vault } = memoryVault();
    const one = await EncryptionCodec.create('m1', { m1: MASTER }, vault);
    const two = await EncryptionCodec.create('m1', { m1: MASTER }, vault);
    const [[a], [b]] = await Promise.all([one.encode([plain('a')], ctx(A)), two.encode([plain('b')], ctx(A))]);
    expect(docs.size).toBe(1);
    expect((await one.decode([a!, b!])).map(text)).toEqual(['a', 'b']);
  });

  it('after erasure leaves that application payloads sealed, refuses to seal new ones, and still opens the others', async () => {
    const { docs, vault } = memoryVault();
    const codec = await EncryptionCodec.create('m1', { m1: MASTER }, vault);
    const [a] = await codec.encode([plain('123-45-6789')], ctx(A));
    const [b] = await codec.encode([plain('Grace Hopper')], ctx(B));
    await codec.applicationKeys!.erase(A);
    expect(docs.get(A)).toEqual({ _id: A, erasedAt: expect.any(Date) });
    const fresh = await EncryptionCodec.create('m1', { m1: MASTER }, vault);
    const [stillSealed, open] = await fresh.decode([a!, b!]);
    expect(stillSealed).toBe(a);
    expect(Buffer.from(stillSealed!.data!).toString('latin1')).not.toContain('123-45-6789');
    expect(text(open!)).toBe('Grace Hopper');
    await expect(fresh.encode([plain('again')], ctx(A))).rejects.toThrow(/erased/);
    expect(await fresh.applicationKeys!.isErased(A)).toBe(true);
    expect(await fresh.applicationKeys!.isErased(B)).toBe(false);
  });

  it('fails (to be retried) rather than pass a payload on when the vault cannot be read', async () => {
    const { vault } = memoryVault();
    const codec = await EncryptionCodec.create('m1', { m1: MASTER }, vault);
    const [a] = await codec.encode([plain('x')], ctx(A));
    const down = await EncryptionCodec.create(
      'm1',
      { m1: MASTER },
      { ...vault, findOne: () => Promise.reject(new Error('down')) },
    );
    await expect(down.decode([a!])).rejects.toThrow('down');
    const noVault = await EncryptionCodec.create('m1', { m1: MASTER });
    await expect(noVault.decode([a!])).rejects.toThrow(/No key vault/);
  });
  it('reads the vault once for the payloads of one application decoded at once', async () => {
    const { vault } = memoryVault();
    const codec = await EncryptionCodec.create('m1', { m1: MASTER }, vault);
    const sealed = await Promise.all(['a', 'b', 'c', 'd'].map((t) => codec.encode([plain(t)], ctx(A))));
    let reads = 0;
    const counted: ApplicationKeyVault = { ...vault, findOne: (f) => (reads++, vault.findOne(f)) };
    const fresh = await EncryptionCodec.create('m1', { m1: MASTER }, counted);
    const opened = await Promise.all(sealed.map((p) => fresh.decode(p)));
    expect(opened.map(([p]) => text(p!))).toEqual(['a', 'b', 'c', 'd']);
    expect(reads).toBe(1);
  });

  it('keeps a key erased here erased, even when a read that found it was still under way', async () => {
    const { vault } = memoryVault();
    const [a] = await (await EncryptionCodec.create('m1', { m1: MASTER }, vault)).encode([plain('x')], ctx(A));
    let found: (() => void) | undefined;
    // The read finds the live record, and answers only after the erasure below.
    const slow: ApplicationKeyVault = {
      ...vault,
      findOne: async (f) => {
        const record = await vault.findOne(f);
        await new Promise<void>((resolve) => (found = resolve));
        return record;
      },
    };
    const codec = await EncryptionCodec.create('m1', { m1: MASTER }, slow);
    const during = codec.decode([a!]);
    await expect.poll(() => found).toBeDefined();
    await codec.applicationKeys!.erase(A);
    found!();
    expect((await during)[0]).toBe(a);
    expect((await codec.decode([a!]))[0]).toBe(a);
  });
});
