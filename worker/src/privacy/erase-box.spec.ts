// What Box holds of an application, erased through the real box-node-sdk against the e-sign stand-in: an open
// sign request cancelled, a finished one left as it is, the PDFs, signed copy and folder deleted and purged from
// the trash; a request Box still converts fails the try (retried); a repeat finds all gone; another application's
// files stay.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEsignStandin } from '../../../sandbox/src';
import { until } from '../../../tests/support/until';
import { applicationFolderName, boxClient, folderNamed } from '../esign/box.client';
import { eraseBoxCopies } from './erase-box';

let esign: Awaited<ReturnType<typeof startEsignStandin>>;
let box: ReturnType<typeof boxClient>;

beforeAll(async () => {
  esign = await startEsignStandin({
    port: 0,
    clientId: 'erase-box',
    clientSecret: 'erase-box-secret',
    timing: { convertingMs: 400, finalizingMs: 50 },
    seedFolders: [{ id: '100', name: 'applications' }],
  });
  box = boxClient(
    {
      BOX_API_URL: esign.url,
      BOX_UPLOAD_URL: `${esign.url}/api`,
      BOX_CLIENT_ID: 'erase-box',
      BOX_CLIENT_SECRET: 'erase-box-secret',
      BOX_ENTERPRISE_ID: '1',
    },
    { maxAttempts: 3, retryBaseInterval: 0.01 },
  );
});
afterAll(async () => {
  await esign?.close();
});

/** An application sent for signing as the worker sends it: its folder, its PDF, a request for one signer. */
async function sentForSigning(applicationId: string, email: string, wait = true) {
  const folderId = await folderNamed(box, applicationFolderName(applicationId), '100');
  const uploaded = await box.uploads.uploadFile({
    attributes: { name: 'Application 1.pdf', parent: { id: folderId } },
    file: Readable.from(Buffer.from(`%PDF-1.4 ${email}`)),
    fileFileName: 'Application 1.pdf',
    fileContentType: 'application/pdf',
  });
  const fileId = uploaded.entries![0]!.id;
  const made = await box.signRequests.createSignRequest({
    sourceFiles: [{ id: fileId, type: 'file' }],
    parentFolder: { id: folderId, type: 'folder' },
    signers: [{ email, role: 'signer', embedUrlExternalUserId: `${applicationId}-owner-1` }],
  });
  if (wait) await statusOf(made.id!, (s) => s === 'sent');
  return { folderId, fileId, requestId: made.id! };
}

const statusOf = (id: string, ok: (s: string) => boolean) =>
  until(async () => String((await box.signRequests.getSignRequestById(id)).status), ok);

/** Every item the stand-in holds, trashed or not, that is this application's or names this email. */
const traces = (folderId: string, email: string) => [
  ...esign.folders().filter((f) => f.id === folderId || f.parentId === folderId),
  ...esign.files().filter((f) => f.parentId === folderId || esign.fileBytes(f.id)?.toString().includes(email)),
  ...esign.requests().filter((r) => r.signers.some((s) => s.email === email) && ['sent', 'viewed'].includes(r.status)),
];

describe('erasing what Box holds of an application', () => {
  it('cancels its open request, deletes and purges its files and folder, and leaves another application’s', async () => {
    const hers = await sentForSigning('a1a1', 'erase-box-her@example.com');
    const theirs = await sentForSigning('b2b2', 'erase-box-other@example.com');
    expect(traces(hers.folderId, 'erase-box-her@example.com').length).toBeGreaterThan(0);

    expect(await eraseBoxCopies(box, '100', 'a1a1', [hers.requestId])).toBeGreaterThanOrEqual(2);
    expect(esign.requests().find((r) => r.id === hers.requestId)?.status).toBe('cancelled');
    expect(traces(hers.folderId, 'erase-box-her@example.com')).toEqual([]);
    expect(esign.fileBytes(hers.fileId)).toBeUndefined();

    // Safe to repeat (a retry after a lost answer): nothing of hers comes back, nothing refused.
    await eraseBoxCopies(box, '100', 'a1a1', [hers.requestId]);
    expect(esign.folders().filter((f) => f.name === applicationFolderName('a1a1'))).toEqual([]);

    expect(esign.requests().find((r) => r.id === theirs.requestId)?.status).toBe('sent');
    expect(esign.files().find((f) => f.id === theirs.fileId)?.trashedAt).toBeUndefined();
    expect(esign.fileBytes(theirs.fileId)).toBeDefined();
  });

  it('leaves a signed request as it is and deletes its signed copy with the rest', async () => {
    const signed = await sentForSigning('c3c3', 'erase-box-signed@example.com');
    const request = await box.signRequests.getSignRequestById(signed.requestId);
    await fetch(request.signers!.find((s) => s.role === 'signer')!.embedUrl!, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'signed' }),
      redirect: 'manual',
    });
    await statusOf(signed.requestId, (s) => s === 'signed');
    const copy = esign.requests().find((r) => r.id === signed.requestId)!.signedFileId!;
    expect(esign.fileBytes(copy)).toBeDefined();

    await eraseBoxCopies(box, '100', 'c3c3', [signed.requestId]);
    expect(esign.requests().find((r) => r.id === signed.requestId)?.status).toBe('signed');
    expect(esign.files().find((f) => f.id === copy)).toBeUndefined();
    expect(traces(signed.folderId, 'erase-box-signed@example.com')).toEqual([]);
  });

  it('fails the try while Box still converts the request (retried), then cancels it once sent', async () => {
    const early = await sentForSigning('d4d4', 'erase-box-early@example.com', false);
    await expect(eraseBoxCopies(box, '100', 'd4d4', [early.requestId])).rejects.toThrow(/still converting/);
    expect(esign.files().find((f) => f.id === early.fileId)?.trashedAt).toBeUndefined();

    await statusOf(early.requestId, (s) => s === 'sent');
    await eraseBoxCopies(box, '100', 'd4d4', [early.requestId]);
    expect(esign.requests().find((r) => r.id === early.requestId)?.status).toBe('cancelled');
    expect(traces(early.folderId, 'erase-box-early@example.com')).toEqual([]);
  });

  it('finds the folder by its name when no request was made, and answers a request Box does not know', async () => {
    const folderId = await folderNamed(box, applicationFolderName('e5e5'), '100');
    await eraseBoxCopies(box, '100', 'e5e5', ['00000000-0000-0000-0000-000000000000']);
    expect(esign.folders().find((f) => f.id === folderId)).toBeUndefined();
  });
});
