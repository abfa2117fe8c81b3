// The e-sign stand-in's records (Box's folders, files, sign requests and webhooks, as it keeps them), its
// options and handle, and the reply every route gives.
import { randomBytes } from 'node:crypto';

/** The folder the local stack keeps applications in (Box refuses webhooks on the root folder 0). */
export const LOCAL_APPLICATIONS_FOLDER_ID = '100';

export type EsignStandinOptions = {
  port: number;
  clientId: string;
  clientSecret: string;
  /**
   * The signature keys of the app (Box's developer console makes them; no API does). Deliveries go only
   * to webhooks registered through POST /2.0/webhooks, as on Box.
   */
  webhookKeys?: { primaryKey: string; secondaryKey: string };
  /** How long a new request converts, and a signed one finalizes (Box takes seconds; tests less). */
  timing?: { convertingMs?: number; finalizingMs?: number };
  /** Box's largest page of a list (a larger limit is cut to it). */
  maxPageSize?: number;
  /** Folders that exist from the start (id and name under the root), as an enterprise's would. */
  seedFolders?: { id: string; name: string }[];
  /** Keeps folders, files and sign requests across restarts. */
  dataDir?: string;
  host?: string;
};

/** `trashedAt`: deleted, waiting in the trash (Box's default) until purged from it or restored. */
export type Folder = { id: string; name: string; parentId: string; trashedAt?: string };
export type StoredFile = { id: string; name: string; parentId: string; sha1: string; size: number; trashedAt?: string };
export type Signer = {
  email: string;
  role: string;
  order: number;
  embed_url_external_user_id?: string;
  redirect_url?: string;
  declined_redirect_url?: string;
  /** Box's language code for the signer's page and emails. */
  language?: string;
  has_viewed_document: boolean;
  signer_decision: { type: 'signed' | 'declined'; finalized_at: string; additional_info: null } | null;
  token: string;
};
export type SignRequest = {
  id: string;
  status: string;
  /** When converting becomes sent (or the error state given by the admin route). */
  readyAt?: number;
  failWith?: string;
  /** When finalizing becomes signed. */
  finalAt?: number;
  created_at: string;
  finished_at: string | null;
  external_id: string | null;
  name: string | null;
  sourceFileId: string;
  parentFolderId: string;
  signers: Signer[];
  signedFileId?: string;
  events: string[];
};
export type Webhook = { id: string; targetId: string; address: string; triggers: string[]; created_at?: string };
export type State = {
  seq: number;
  folders: Folder[];
  files: StoredFile[];
  requests: SignRequest[];
  webhooks?: Webhook[];
};

export type EsignStandin = {
  url: string;
  requests(): SignRequest[];
  fileBytes(id: string): Buffer | undefined;
  folders(): Folder[];
  files(): StoredFile[];
  /** Registered webhooks (POST /2.0/webhooks, changed by PUT /2.0/webhooks/:id). */
  webhooks(): Webhook[];
  /** The next N API calls answer 429 with this Retry-After (seconds). */
  throttle(count: number, retryAfterSeconds: number): void;
  /** The next sign request created ends in this state instead of sent (error_converting, error_sending). */
  failNextRequest(status: string): void;
  /** Cuts the API off (503), as an outage would; the signer pages stay up. */
  setDown(down: boolean): void;
  close(): Promise<void>;
};

export type Reply = { status: number; body?: unknown; type?: string; headers?: Record<string, string> };
export const boxError = (status: number, code: string, message: string, context_info?: unknown): Reply => ({
  status,
  body: { type: 'error', status, code, message, request_id: randomBytes(6).toString('hex'), context_info },
});

export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

export async function readBody(req: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
