import type { BoxClient } from 'box-node-sdk';
import { applicationFolderName, folderNamed } from '../esign/box.client';
import { boxCall } from '../esign/box.errors';
import { BoxRejectedError } from '../errors';

/** The statuses of a sign request still out with its signers: Box cancels it (its links stop working). */
const OPEN = new Set(['sent', 'viewed', 'downloaded']);
/** Box is still converting the document: it refuses a cancel until the request is sent, so we wait. */
const CONVERTING = new Set(['converting', 'created']);

const statusOf = (e: unknown) => (e instanceof BoxRejectedError ? e.status : undefined);
/** Box's 404: the item is gone already (an earlier try, or never made). */
const gone = async (call: () => Promise<unknown>, what: string) => {
  try {
    await boxCall(what, call);
    return 1;
  } catch (e) {
    if (statusOf(e) === 404) return 0;
    throw e;
  }
};

type Found = { folders: Set<string>; files: Set<string> };

/**
 * One sign request made closed: an open one is cancelled, one Box still converts fails this try (Temporal
 * retries it once Box has sent it), a finished one (signed, declined, cancelled, expired, error_*) stays as
 * it is. The files and folder it names are gathered for deletion.
 */
async function closeSignRequest(box: BoxClient, id: string, found: Found) {
  let r;
  try {
    r = await boxCall('Sign request read refused', () => box.signRequests.getSignRequestById(id));
  } catch (e) {
    if (statusOf(e) === 404) return;
    throw e;
  }
  const status = String(r.status ?? '');
  if (CONVERTING.has(status)) throw new Error(`Box sign request ${id} still ${status}: cancelled once sent`);
  if (OPEN.has(status)) {
    try {
      await boxCall('Sign request cancel refused', () => box.signRequests.cancelSignRequest(id));
    } catch (e) {
      // Box refuses (400) a request that has just finished (signed or declined meanwhile): read it again.
      if (statusOf(e) !== 400) throw e;
      const now = await boxCall('Sign request read refused', () => box.signRequests.getSignRequestById(id));
      if (OPEN.has(String(now.status ?? ''))) throw e;
    }
  }
  if (r.parentFolder?.id) found.folders.add(r.parentFolder.id);
  for (const f of r.sourceFiles ?? []) found.files.add(f.id);
  for (const f of r.signFiles?.files ?? []) found.files.add(f.id);
}

/**
 * What Box holds of one application, gone: its open sign requests cancelled, then the application PDFs,
 * their signed copies and the application's folder (everything in it, with the documents of a
 * submission) deleted and purged from the trash. The folder is found by name under the parent (an earlier try may have made it
 * without a sign request); a 404 counts as done, so every step is safe to repeat. The count of items
 * deleted.
 */
export async function eraseBoxCopies(
  box: BoxClient,
  parentFolderId: string,
  applicationId: string,
  signRequestIds: string[],
): Promise<number> {
  const found: Found = { folders: new Set(), files: new Set() };
  for (const id of signRequestIds) await closeSignRequest(box, id, found);
  // The folder by its name: the existing one answers the name conflict. On a retry after it went, a new
  // empty one is made and deleted below, which keeps this step repeatable without a search Box indexes late.
  found.folders.add(await folderNamed(box, applicationFolderName(applicationId), parentFolderId));
  found.folders.delete(parentFolderId);
  // Box moves a deleted item to the trash (unless the enterprise deletes for good), where it waits 30
  // days by default: each is purged from it too. A purge that answers 404 finds it already purged.
  let deleted = 0;
  for (const id of found.files) {
    deleted += await gone(() => box.files.deleteFileById(id), 'File delete refused');
    await gone(() => box.trashedFiles.deleteTrashedFileById(id), 'File purge refused');
  }
  for (const id of found.folders) {
    deleted += await gone(
      () => box.folders.deleteFolderById(id, { queryParams: { recursive: true } }),
      'Folder delete refused',
    );
    await gone(() => box.trashedFolders.deleteTrashedFolderById(id), 'Folder purge refused');
  }
  return deleted;
}
