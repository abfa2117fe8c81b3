import { ObjectId, type Db } from 'mongodb';
import type { PlaidApi } from 'plaid';
import type { PiiKeys } from '@portal/libs/dist/security/pii-keys';

type Link = { _id: unknown; accessTokenSealed?: string; removedAt?: Date };

/** Plaid's answers that no item can be reached with the token: nothing left to remove with it. */
const GONE = new Set(['ITEM_NOT_FOUND', 'INVALID_ACCESS_TOKEN']);
const errorCode = (e: unknown) => (e as { response?: { data?: { error_code?: unknown } } }).response?.data?.error_code;

/**
 * Removes at Plaid the item of every bank link of the application not yet removed, and marks it removed.
 * Runs before the erasure deletes the links: the sealed access token is the only way to remove an item, so
 * a link goes only once its item is gone. An item Plaid no longer knows (ITEM_NOT_FOUND: removed already,
 * or revoked by the applicant) counts as removed, and so does a token Plaid refuses (INVALID_ACCESS_TOKEN:
 * Plaid's docs give it for a token whose item was removed, by /item/remove or by the applicant at
 * my.plaid.com, and for one of another Plaid environment, which the settings' checks keep production
 * from): no retry can make it remove anything, and retrying it would hold the erasure for ever. Any other
 * failure throws, the activity is retried, and the link (with its token) stays until Plaid answers. With
 * the bank connection off (PLAID_URL none) no item was made here since: a link left from before is
 * deleted with the rest.
 */
export async function removeBankItems(
  db: Db,
  plaidClient: () => Promise<PlaidApi | undefined>,
  pii: PiiKeys,
  applicationId?: string,
) {
  if (!applicationId) return 0;
  const links = db.collection<Link>('banklinks');
  const app = new ObjectId(applicationId);
  const found = await links.find({ applicationId: app, removedAt: { $exists: false } }).toArray();
  // The client (its module loaded then) only for a connected bank: most applicants have none.
  const plaid = found.some((link) => link.accessTokenSealed) ? await plaidClient() : undefined;
  if (!plaid) return 0;
  let removed = 0;
  for (const link of found) {
    if (!link.accessTokenSealed) continue;
    try {
      await plaid.itemRemove({ access_token: pii.decrypt(link.accessTokenSealed) });
    } catch (e) {
      const code = errorCode(e);
      // A new error: the client's error carries the request, and so the token, into the history.
      if (!GONE.has(String(code)))
        throw new Error(`plaid item not removed: ${typeof code === 'string' ? code : (e as Error).message}`);
    }
    await links.updateOne({ _id: link._id }, { $set: { removedAt: new Date() } });
    removed++;
  }
  return removed;
}
