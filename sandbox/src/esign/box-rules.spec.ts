// Box's rules the e-sign stand-in keeps, so the worker meets them before production, on the wire: a sign request is
// cancelled only while it is with its signers, and webhooks are delivered to https on port 443 (loopback excepted,
// locally).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEsignStandin } from '../index';
import { until } from '../../../tests/support/until';

let esign: Awaited<ReturnType<typeof startEsignStandin>>;
let token = '';

const call = (path: string, body?: unknown) =>
  fetch(`${esign.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  esign = await startEsignStandin({
    port: 0,
    clientId: 'rules',
    clientSecret: 'rules-secret',
    timing: { convertingMs: 300, finalizingMs: 50 },
    seedFolders: [{ id: '100', name: 'applications' }],
  });
  const auth = await fetch(`${esign.url}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'rules', client_secret: 'rules-secret' }),
  });
  token = ((await auth.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await esign.close();
});

async function signRequest(signer: Record<string, unknown> = {}) {
  const form = new FormData();
  form.append('attributes', JSON.stringify({ name: `doc-${Math.random()}.pdf`, parent: { id: '100' } }));
  form.append('file', new Blob([Buffer.from('%PDF-1.4 rules')]), 'doc.pdf');
  const uploaded = await fetch(`${esign.url}/api/2.0/files/content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const file = ((await uploaded.json()) as { entries: { id: string }[] }).entries[0]!;
  const made = await call('/2.0/sign_requests', {
    source_files: [{ id: file.id, type: 'file' }],
    parent_folder: { id: '100', type: 'folder' },
    signers: [{ email: 'ada@example.com', role: 'signer', ...signer }],
  });
  return (await made.json()) as {
    id: string;
    status: string | number;
    code?: string;
    signers?: { language?: string }[];
  };
}

describe('cancelling a sign request', () => {
  it('answers 400 while it converts and once it is finished; cancels it while it is with its signers', async () => {
    const r = await signRequest();
    expect(r.status).toBe('converting');
    const early = await call(`/2.0/sign_requests/${r.id}/cancel`, {});
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ type: 'error', status: 400, code: 'bad_request' });

    await until(
      async () => ((await (await call(`/2.0/sign_requests/${r.id}`)).json()) as { status: string }).status,
      (status) => status === 'sent',
    );
    const cancelled = await call(`/2.0/sign_requests/${r.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled' });
    // Finished: a second cancel is refused too.
    expect((await call(`/2.0/sign_requests/${r.id}/cancel`, {})).status).toBe(400);
  });
});

describe('a signer’s language', () => {
  it('takes Box’s own codes and keeps them on the signer; refuses a locale Box does not list', async () => {
    expect((await signRequest({ language: 's2' })).signers?.[0]?.language).toBe('s2');
    expect((await signRequest({ language: 'f2' })).signers?.[0]?.language).toBe('f2');
    expect(await signRequest({ language: 'es-US' })).toMatchObject({ status: 400, code: 'bad_request' });
  });
});

describe('webhook addresses', () => {
  it('takes https on port 443 and, as a local exception, loopback on any scheme; refuses plain http elsewhere', async () => {
    const hook = (address: string, folder: string) =>
      call('/2.0/webhooks', { target: { id: folder, type: 'folder' }, address, triggers: ['SIGN_REQUEST.COMPLETED'] });
    const folders = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map(async (name) => {
        const f = await call('/2.0/folders', { name, parent: { id: '100' } });
        return ((await f.json()) as { id: string }).id;
      }),
    );
    for (const [address, status] of [
      ['http://apply.example.com/api/webhooks/box', 400],
      ['https://apply.example.com:8443/api/webhooks/box', 400],
      ['ftp://127.0.0.1/hooks', 400],
      ['https://apply.example.com/api/webhooks/box', 201],
      ['http://127.0.0.1:3000/api/webhooks/box', 201],
      ['http://localhost:3000/api/webhooks/box', 201],
    ] as const) {
      const folder = status === 201 ? folders.shift()! : '100';
      const res = await hook(address, folder);
      expect({ address, status: res.status }).toEqual({ address, status });
      if (status === 400) expect(await res.json()).toMatchObject({ code: 'bad_request' });
    }
    expect(esign.webhooks().map((w) => w.address)).not.toContain('http://apply.example.com/api/webhooks/box');
  });
});

describe('downloads', () => {
  it('redirects a file’s content to a download URL that needs no token; an unknown URL answers 404', async () => {
    const form = new FormData();
    form.append('attributes', JSON.stringify({ name: 'download.pdf', parent: { id: '100' } }));
    form.append('file', new Blob([Buffer.from('%PDF-1.4 download')]), 'download.pdf');
    const uploaded = await fetch(`${esign.url}/api/2.0/files/content`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const file = ((await uploaded.json()) as { entries: { id: string }[] }).entries[0]!;
    const res = await fetch(`${esign.url}/2.0/files/${file.id}/content`, {
      headers: { authorization: `Bearer ${token}` },
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/\/d\/1\/[0-9a-f]+\/download$/);
    const content = await fetch(location);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await content.arrayBuffer()).toString()).toBe('%PDF-1.4 download');
    expect((await fetch(location.replace(/\/d\/1\/[0-9a-f]+/, '/d/1/abcdef'))).status).toBe(404);
    expect((await call('/2.0/files/999999/content')).status).toBe(404);
  });
});
