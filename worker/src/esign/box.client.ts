import { Readable } from 'node:stream';
import { BoxCcgAuth, BoxClient, CcgConfig } from 'box-node-sdk';
import { NetworkSession } from 'box-node-sdk/networking/network';
import { BaseUrls } from 'box-node-sdk/networking/baseUrls';
import { createAgent } from 'box-node-sdk/internal/utilsNode';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { traceClientRequest } from '../telemetry/http-span';
import { RetryAfterStrategy } from './box.errors';

export type BoxSettings = {
  BOX_API_URL: string;
  BOX_UPLOAD_URL: string;
  BOX_CLIENT_ID: string;
  BOX_CLIENT_SECRET: string;
  BOX_ENTERPRISE_ID: string;
};

/**
 * box-node-sdk reads answers through node-fetch 2, which pipes the response into its body stream, and
 * pipe() does not pass errors on: an answer cut off after its headers never settled, and the activity sat
 * out its whole 60 s start-to-close before Temporal retried it (resilience suite, 'truncated response').
 * node-fetch does fail the call when its request errors, so the SDK's own agent (proxy settings and all)
 * reports an error on the request the moment its answer closes incomplete; the retry then looks the
 * result up first. It also opens each request's client span (node-fetch is not seen by undici's
 * channels, so the trace would otherwise stop here).
 */
function wholeAnswerAgent(protocol: string | undefined) {
  // Keep-alive: the SDK's agent opened a new connection for every call (Node's http.Agent
  // default), a TCP handshake (a TLS one against Box) on both ends each time.
  const agent = createAgent({ keepAlive: true }) as {
    addRequest(req: ClientRequest, options: unknown): void;
    protocol: string;
  };
  // Node reads the agent's protocol (twice) for every request, and the SDK's proxy agent, told none, works
  // it out from a stack trace each time: a good share of a Box call's CPU. Every Box URL has one scheme.
  if (protocol) agent.protocol = protocol;
  const addRequest = agent.addRequest.bind(agent);
  agent.addRequest = (req, options) => {
    traceClientRequest(req, options as { secureEndpoint?: boolean });
    req.once('response', (res: IncomingMessage) =>
      res.once('close', () => {
        // By now the socket has closed the request too (destroy() would do nothing), so the error is
        // handed to node-fetch's own listener, which fails the body; never emitted without a listener.
        if (!res.complete && req.listenerCount('error') > 0)
          req.emit('error', new Error('Box answer cut short before its end'));
      }),
    );
    addRequest(req, options);
  };
  return agent;
}

/** The scheme ('https:') all these URLs share; undefined if they differ. */
function oneScheme(...urls: string[]): string | undefined {
  const schemes = new Set(urls.map((u) => new URL(u).protocol));
  return schemes.size === 1 ? [...schemes][0] : undefined;
}

/**
 * How long one Box call may take, answer included: the backstop for a connection that stays open and
 * silent. Our Box calls send and receive small JSON and single-page PDFs, so 20 s is far above their time.
 */
export const BOX_REQUEST_TIMEOUT_MS = 20_000;

/**
 * Box with client-credentials auth and our retry strategy (Retry-After honoured in any case); the base
 * URLs point at the e-sign stand-in locally. `retry` lets tests shorten the back-off.
 */
export function boxClient(s: BoxSettings, retry: { maxAttempts?: number; retryBaseInterval?: number } = {}): BoxClient {
  const auth = new BoxCcgAuth({
    config: new CcgConfig({
      clientId: s.BOX_CLIENT_ID,
      clientSecret: s.BOX_CLIENT_SECRET,
      enterpriseId: s.BOX_ENTERPRISE_ID,
    }),
  });
  const networkSession = new NetworkSession({
    baseUrls: new BaseUrls({
      baseUrl: s.BOX_API_URL,
      uploadUrl: s.BOX_UPLOAD_URL,
      oauth2Url: `${s.BOX_API_URL}/oauth2`,
    }),
    retryStrategy: new RetryAfterStrategy(retry),
    timeoutConfig: { timeoutMs: BOX_REQUEST_TIMEOUT_MS },
    agent: wholeAnswerAgent(oneScheme(s.BOX_API_URL, s.BOX_UPLOAD_URL)),
  });
  return new BoxClient({ auth, networkSession });
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

/** The folder of that name under the parent: created, or the one already there (a retry). */
export async function folderNamed(box: BoxClient, name: string, parentId: string): Promise<string> {
  try {
    return (await box.folders.createFolder({ name, parent: { id: parentId } })).id;
  } catch (e) {
    const existing = conflictId(e);
    if (existing) return existing;
    throw e;
  }
}

/** Uploads a PDF once: a retry that finds the name taken answers the file already there. */
export async function uploadPdfOnce(
  box: BoxClient,
  folderId: string,
  name: string,
  bytes: Uint8Array,
): Promise<string> {
  try {
    const uploaded = await box.uploads.uploadFile({
      attributes: { name, parent: { id: folderId } },
      file: Readable.from(Buffer.from(bytes)),
      fileFileName: name,
      fileContentType: 'application/pdf',
    });
    return uploaded.entries![0]!.id;
  } catch (e) {
    const existing = conflictId(e);
    if (existing) return existing;
    throw e;
  }
}

/** The Box folder that holds one application's documents. */
export const applicationFolderName = (applicationId: string) => `application-${applicationId}`;
