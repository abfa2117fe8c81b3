// Registering the api's webhook through the real box-node-sdk against the e-sign stand-in: the trigger names of
// the one table are taken as Box takes them, and a 409 (a webhook already on the folder) is no longer taken as done
// unseen: one that points elsewhere or listens to other triggers is found in Box's list and brought up to date.
import { REGISTERED_SIGN_TRIGGERS } from '@portal/libs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEsignStandin } from '../../../sandbox/src';
import { boxClient } from './box.client';
import { registerBoxWebhook } from './box.webhook';

const ADDRESS = 'https://apply.example.com/api/webhooks/box';
let esign: Awaited<ReturnType<typeof startEsignStandin>>;
let box: ReturnType<typeof boxClient>;

beforeAll(async () => {
  esign = await startEsignStandin({
    port: 0,
    clientId: 'box-hooks',
    clientSecret: 'box-hooks-secret',
    // Two a page: the webhook on our folder is found past the first page of Box's list.
    maxPageSize: 2,
    seedFolders: [{ id: '100', name: 'applications' }],
  });
  box = boxClient(
    {
      BOX_API_URL: esign.url,
      BOX_UPLOAD_URL: `${esign.url}/api`,
      BOX_CLIENT_ID: 'box-hooks',
      BOX_CLIENT_SECRET: 'box-hooks-secret',
      BOX_ENTERPRISE_ID: '1',
    },
    { maxAttempts: 3, retryBaseInterval: 0.01 },
  );
});
afterAll(async () => {
  await esign?.close();
});

/** A webhook made earlier, as another release or another address left it. */
async function earlierWebhook(name: string, address: string, triggers: string[]) {
  const folder = await box.folders.createFolder({ name, parent: { id: '100' } });
  await box.webhooks.createWebhook({ target: { id: folder.id, type: 'folder' }, address, triggers });
  return folder.id;
}

describe('registerBoxWebhook', () => {
  it("registers the table's trigger names, which Box takes", async () => {
    const folder = (await box.folders.createFolder({ name: 'fresh', parent: { id: '100' } })).id;
    expect(await registerBoxWebhook(box, folder, ADDRESS)).toBe('created');
    expect(esign.webhooks().find((w) => w.targetId === folder)).toMatchObject({
      address: ADDRESS,
      triggers: [...REGISTERED_SIGN_TRIGGERS],
    });
  });

  it('brings a webhook already on the folder to our address and triggers (409), then leaves it be', async () => {
    for (const n of [1, 2, 3]) await earlierWebhook(`other-${n}`, ADDRESS, ['SIGN_REQUEST.COMPLETED']);
    const folder = await earlierWebhook('stale', 'https://old.example.com/api/webhooks/box', [
      'SIGN_REQUEST.COMPLETED',
      'SIGN_REQUEST.DECLINED',
    ]);
    expect(await registerBoxWebhook(box, folder, ADDRESS)).toBe('updated');
    const mine = esign.webhooks().filter((w) => w.targetId === folder);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ address: ADDRESS, triggers: [...REGISTERED_SIGN_TRIGGERS] });
    expect(await registerBoxWebhook(box, folder, ADDRESS)).toBe('existing');
  });

  it('updates one whose address is right but whose triggers are not (an older table)', async () => {
    const folder = await earlierWebhook('older-table', ADDRESS, ['SIGN_REQUEST.COMPLETED', 'SIGN_REQUEST.EXPIRED']);
    expect(await registerBoxWebhook(box, folder, ADDRESS)).toBe('updated');
    expect(esign.webhooks().find((w) => w.targetId === folder)?.triggers).toEqual([...REGISTERED_SIGN_TRIGGERS]);
    // The same triggers in another order are the same webhook.
    const reordered = await earlierWebhook('reordered', ADDRESS, [...REGISTERED_SIGN_TRIGGERS].reverse());
    expect(await registerBoxWebhook(box, reordered, ADDRESS)).toBe('existing');
  });
});
