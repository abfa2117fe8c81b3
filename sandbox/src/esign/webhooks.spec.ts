// Box's v2 webhooks as the e-sign stand-in serves them: only the trigger names Box documents (one unknown
// name refuses the whole webhook, 400 bad_request), one webhook per target (409 conflict), and the list
// (ids and targets only) and update a worker needs to bring an existing webhook to its address and triggers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTERED_SIGN_TRIGGERS } from '@portal/libs';
import { startEsignStandin } from '../index';

let esign: Awaited<ReturnType<typeof startEsignStandin>>;
let token = '';

const call = (path: string, method = 'GET', body?: unknown) =>
  fetch(`${esign.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const folder = async (name: string) =>
  ((await (await call('/2.0/folders', 'POST', { name, parent: { id: '100' } })).json()) as { id: string }).id;
const hook = (target: string, triggers: unknown, address = 'https://apply.example.com/api/webhooks/box') =>
  call('/2.0/webhooks', 'POST', { target: { id: target, type: 'folder' }, address, triggers });

beforeAll(async () => {
  esign = await startEsignStandin({
    port: 0,
    clientId: 'hooks',
    clientSecret: 'hooks-secret',
    maxPageSize: 2,
    seedFolders: [{ id: '100', name: 'applications' }],
  });
  const auth = await fetch(`${esign.url}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'hooks', client_secret: 'hooks-secret' }),
  });
  token = ((await auth.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await esign.close();
});

describe('webhook triggers', () => {
  it("refuses the SDK enum's spellings and any unknown name with 400 bad_request, registering nothing", async () => {
    const target = await folder('triggers');
    for (const wrong of ['SIGN_REQUEST.SIGN_ERROR_FINALIZING', 'SIGN_REQUEST.SIGN_SIGNER_SIGNED', 'SIGN_REQUEST.X']) {
      const res = await hook(target, ['SIGN_REQUEST.COMPLETED', wrong]);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        type: 'error',
        status: 400,
        code: 'bad_request',
        context_info: { errors: [{ reason: 'invalid_parameter', name: 'triggers' }] },
      });
    }
    expect((await hook(target, 'SIGN_REQUEST.COMPLETED')).status).toBe(400);
    expect(esign.webhooks().filter((w) => w.targetId === target)).toEqual([]);
  });

  it('takes every name of the one table the worker registers', async () => {
    const res = await hook(await folder('table'), REGISTERED_SIGN_TRIGGERS);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ type: 'webhook', triggers: REGISTERED_SIGN_TRIGGERS });
  });
});

describe('an existing webhook', () => {
  it('answers 409 conflict for a second on its target; is listed (id and target), read and updated', async () => {
    const target = await folder('existing');
    const first = (await (await hook(target, ['SIGN_REQUEST.COMPLETED'])).json()) as { id: string };
    const again = await hook(target, REGISTERED_SIGN_TRIGGERS, 'https://new.example.com/api/webhooks/box');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ type: 'error', status: 409, code: 'conflict' });

    // Marker-paginated (two a page here): the worker walks the pages to find its target.
    const listed: { id: string; target: { id: string; type: string } }[] = [];
    for (let marker = ''; ;) {
      const page = (await (await call(`/2.0/webhooks${marker ? `?marker=${marker}` : ''}`)).json()) as {
        entries: typeof listed;
        next_marker: string | null;
      };
      listed.push(...page.entries);
      if (!page.next_marker) break;
      marker = page.next_marker;
    }
    expect(listed.find((w) => w.target.id === target)).toEqual({
      type: 'webhook',
      id: first.id,
      target: { id: target, type: 'folder' },
    });

    const update = { address: 'https://new.example.com/api/webhooks/box', triggers: REGISTERED_SIGN_TRIGGERS };
    expect((await call(`/2.0/webhooks/${first.id}`, 'PUT', { ...update, triggers: ['FILE.NOPE'] })).status).toBe(400);
    expect((await call(`/2.0/webhooks/${first.id}`, 'PUT', { address: 'http://new.example.com/x' })).status).toBe(400);
    const updated = await call(`/2.0/webhooks/${first.id}`, 'PUT', update);
    expect(updated.status).toBe(200);
    expect(await (await call(`/2.0/webhooks/${first.id}`)).json()).toMatchObject({ id: first.id, ...update });
    expect(esign.webhooks().find((w) => w.id === first.id)).toMatchObject({ targetId: target, ...update });
    expect((await call('/2.0/webhooks/999999')).status).toBe(404);
  });
});
