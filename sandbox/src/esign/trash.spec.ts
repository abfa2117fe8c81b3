// Deleting at the e-sign stand-in as at Box: a delete moves a file or a folder (with everything in it, when
// recursive) to the trash, a purge removes it for good, and an item already gone answers 404 to either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEsignStandin } from '../index';

let esign: Awaited<ReturnType<typeof startEsignStandin>>;
let token = '';

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${esign.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function folder(name: string, parent = '100') {
  return ((await (await call('POST', '/2.0/folders', { name, parent: { id: parent } })).json()) as { id: string }).id;
}

async function file(name: string, parent: string) {
  const form = new FormData();
  form.append('attributes', JSON.stringify({ name, parent: { id: parent } }));
  form.append('file', new Blob([Buffer.from(`%PDF-1.4 ${name}`)]), name);
  const res = await fetch(`${esign.url}/api/2.0/files/content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return ((await res.json()) as { entries: { id: string }[] }).entries[0]!.id;
}

const stored = (id: string) => [...esign.files(), ...esign.folders()].find((x) => x.id === id);

beforeAll(async () => {
  esign = await startEsignStandin({
    port: 0,
    clientId: 'trash',
    clientSecret: 'trash-secret',
    seedFolders: [{ id: '100', name: 'applications' }],
  });
  const auth = await fetch(`${esign.url}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'trash', client_secret: 'trash-secret' }),
  });
  token = ((await auth.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await esign.close();
});

describe('deleting a file', () => {
  it('moves it to the trash (its content gone), purges it for good, and answers 404 once it is gone', async () => {
    const id = await file('one.pdf', await folder('files'));
    expect((await call('DELETE', `/2.0/files/${id}`)).status).toBe(204);
    expect(stored(id)).toMatchObject({ trashedAt: expect.any(String) });
    expect((await call('GET', `/2.0/files/${id}/content`)).status).toBe(404);
    const again = await call('DELETE', `/2.0/files/${id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ type: 'error', status: 404, code: 'not_found' });

    expect((await call('DELETE', `/2.0/files/${id}/trash`)).status).toBe(204);
    expect(stored(id)).toBeUndefined();
    expect(esign.fileBytes(id)).toBeUndefined();
    expect((await call('DELETE', `/2.0/files/${id}/trash`)).status).toBe(404);
    expect((await call('DELETE', '/2.0/files/999999')).status).toBe(404);
  });

  it('purges only what is in the trash', async () => {
    const id = await file('live.pdf', await folder('live'));
    expect((await call('DELETE', `/2.0/files/${id}/trash`)).status).toBe(404);
    expect(stored(id)).toMatchObject({ name: 'live.pdf' });
  });
});

describe('deleting a folder', () => {
  it('refuses one not empty unless recursive; recursive, trashes all in it, then purges it all', async () => {
    const app = await folder('application-1');
    const sub = await folder('submission', app);
    const inside = [await file('Application 1.pdf', app), await file('signed.pdf', sub)];
    const otherFolder = await folder('application-2');
    const other = await file('Application 1.pdf', otherFolder);

    const refused = await call('DELETE', `/2.0/folders/${app}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ status: 400, code: 'folder_not_empty' });
    expect(stored(app)?.trashedAt).toBeUndefined();

    expect((await call('DELETE', `/2.0/folders/${app}?recursive=true`)).status).toBe(204);
    for (const id of [app, sub, ...inside]) expect(stored(id)).toMatchObject({ trashedAt: expect.any(String) });
    expect((await call('DELETE', `/2.0/folders/${app}?recursive=true`)).status).toBe(404);
    // Its name is free again, as Box's trashed items take no name.
    expect((await call('POST', '/2.0/folders', { name: 'application-1', parent: { id: '100' } })).status).toBe(201);

    expect((await call('DELETE', `/2.0/folders/${app}/trash`)).status).toBe(204);
    for (const id of [app, sub, ...inside]) expect(stored(id)).toBeUndefined();
    expect((await call('DELETE', `/2.0/folders/${app}/trash`)).status).toBe(404);
    // Another application's folder and file are untouched.
    expect(stored(otherFolder)?.trashedAt).toBeUndefined();
    expect(stored(other)?.trashedAt).toBeUndefined();
    expect(esign.fileBytes(other)).toBeDefined();
  });

  it('deletes an empty folder without recursive; refuses the root folder; 404 for an unknown one', async () => {
    expect((await call('DELETE', `/2.0/folders/${await folder('empty')}`)).status).toBe(204);
    expect((await call('DELETE', '/2.0/folders/0?recursive=true')).status).toBe(403);
    expect((await call('DELETE', '/2.0/folders/999999?recursive=true')).status).toBe(404);
  });
});
