import { BoxCcgAuth, BoxClient, CcgConfig } from 'box-node-sdk';

export type BoxSettings = {
  BOX_API_URL: string;
  BOX_UPLOAD_URL: string;
  BOX_CLIENT_ID: string;
  BOX_CLIENT_SECRET: string;
  BOX_ENTERPRISE_ID: string;
};

/** Box with client-credentials auth; the base URLs point at the e-sign stand-in locally. */
export function boxClient(s: BoxSettings): BoxClient {
  const auth = new BoxCcgAuth({
    config: new CcgConfig({
      clientId: s.BOX_CLIENT_ID,
      clientSecret: s.BOX_CLIENT_SECRET,
      enterpriseId: s.BOX_ENTERPRISE_ID,
    }),
  });
  return new BoxClient({ auth }).withCustomBaseUrls({
    baseUrl: s.BOX_API_URL,
    uploadUrl: s.BOX_UPLOAD_URL,
    oauth2Url: `${s.BOX_API_URL}/oauth2`,
  });
}

/** The id of the item a 409 item_name_in_use names (Box sends one conflict or a list of them). */
export function conflictId(e: unknown): string | undefined {
  const info = (e as { responseInfo?: { statusCode?: number; body?: { code?: string; context_info?: unknown } } })
    .responseInfo;
  if (info?.statusCode !== 409 || info.body?.code !== 'item_name_in_use') return undefined;
  const conflicts = (info.body.context_info as { conflicts?: unknown } | undefined)?.conflicts;
  const first = (Array.isArray(conflicts) ? conflicts[0] : conflicts) as { id?: string } | undefined;
  return first?.id;
}
