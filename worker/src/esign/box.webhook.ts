import type { BoxClient } from 'box-node-sdk';
import { BoxRejectedError } from '../errors';

/** The sign-request events the api's /webhooks/box turns into signals. */
export const SIGN_TRIGGERS = [
  'SIGN_REQUEST.COMPLETED',
  // One signer signed and the next one's turn began (a co-owner signing from their own device).
  'SIGN_REQUEST.SIGNER_SIGNED',
  'SIGN_REQUEST.DECLINED',
  'SIGN_REQUEST.EXPIRED',
  'SIGN_REQUEST.SIGN_ERROR_FINALIZING',
] as const;

/**
 * Registers the api's webhook on the folder that holds the applications' folders (Box delivers events
 * of everything below it). Box keeps one webhook per target and app: a 409 means it is there already.
 * Box refuses webhooks on the root folder '0' and addresses other than https on port 443.
 */
export async function registerBoxWebhook(
  box: BoxClient,
  folderId: string,
  address: string,
): Promise<'created' | 'existing'> {
  if (folderId === '0') throw new Error('BOX_PARENT_FOLDER_ID must not be the root folder 0 to register a webhook');
  try {
    await box.webhooks.createWebhook({
      target: { id: folderId, type: 'folder' },
      address,
      triggers: [...SIGN_TRIGGERS],
    });
    return 'created';
  } catch (e) {
    const info = (e as { responseInfo?: { statusCode?: number; body?: { code?: string } } }).responseInfo;
    if (info?.statusCode === 409) return 'existing';
    if (info?.statusCode && info.statusCode >= 400 && info.statusCode < 500)
      throw new BoxRejectedError(
        `Webhook registration refused: ${info.body?.code ?? info.statusCode}`,
        String(info.body?.code),
        info.statusCode,
      );
    throw e;
  }
}
