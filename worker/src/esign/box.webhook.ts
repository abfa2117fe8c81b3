import type { BoxClient } from 'box-node-sdk';
import { REGISTERED_SIGN_TRIGGERS } from '@portal/libs';
import { BoxRejectedError } from '../errors';

type Registration = 'created' | 'existing' | 'updated';
type BoxApiErrorLike = { responseInfo?: { statusCode?: number; body?: { code?: string } } };

const refused = (e: unknown): never => {
  const info = (e as BoxApiErrorLike).responseInfo;
  if (info?.statusCode && info.statusCode >= 400 && info.statusCode < 500)
    throw new BoxRejectedError(
      `Webhook registration refused: ${info.body?.code ?? info.statusCode}`,
      String(info.body?.code),
      info.statusCode,
    );
  throw e;
};

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Registers the api's webhook on the folder that holds the applications' folders (Box delivers events
 * of everything below it), with the sign triggers of the one table (@portal/libs box-triggers). Box keeps
 * one webhook per target, app and user and answers 409 for a second: that one may point elsewhere or
 * listen to other triggers (an earlier address, an older trigger list), so it is looked up and brought to
 * this address and these triggers (PUT), never taken as done unseen. Box refuses webhooks on the root
 * folder '0' and addresses other than https on port 443.
 */
export async function registerBoxWebhook(box: BoxClient, folderId: string, address: string): Promise<Registration> {
  if (folderId === '0') throw new Error('BOX_PARENT_FOLDER_ID must not be the root folder 0 to register a webhook');
  const triggers = [...REGISTERED_SIGN_TRIGGERS];
  try {
    await box.webhooks.createWebhook({ target: { id: folderId, type: 'folder' }, address, triggers });
    return 'created';
  } catch (e) {
    if ((e as BoxApiErrorLike).responseInfo?.statusCode !== 409) return refused(e);
  }
  return reconcileBoxWebhook(box, folderId, address, triggers).catch(refused);
}

/** The existing webhook on the folder, updated when its address or triggers differ from ours. */
async function reconcileBoxWebhook(
  box: BoxClient,
  folderId: string,
  address: string,
  triggers: string[],
): Promise<Registration> {
  const id = await findWebhookOn(box, folderId);
  if (!id) throw new Error(`Box answered 409 for folder ${folderId}, but lists no webhook on it for this app`);
  // The list gives ids and targets only (WebhookMini): the address and triggers come with the webhook.
  const current = await box.webhooks.getWebhookById(id);
  if (current.address === address && sameSet(current.triggers ?? [], triggers)) return 'existing';
  await box.webhooks.updateWebhookById(id, { requestBody: { address, triggers } });
  return 'updated';
}

/** The id of this app's webhook on the folder, from Box's list (marker-paginated, up to 1000 a page). */
async function findWebhookOn(box: BoxClient, folderId: string): Promise<string | undefined> {
  let marker: string | undefined;
  do {
    const page = await box.webhooks.getWebhooks({ limit: 1000, ...(marker ? { marker } : {}) });
    const hook = page.entries?.find((w) => w.target?.type === 'folder' && w.target.id === folderId);
    if (hook?.id) return hook.id;
    marker = page.nextMarker ?? undefined;
  } while (marker);
  return undefined;
}
