// Box's v2 webhooks as the stand-in serves them: create (one per target, 409 for a second), list (ids and
// targets only, marker-paginated), get and update, each refusing what Box refuses: an address not
// https on port 443, and a trigger name outside Box's documented list (@portal/libs box-triggers).
import type { IncomingMessage } from 'node:http';
import { BOX_V2_TRIGGERS } from '@portal/libs';
import type { EsignStore } from './store';
import { boxError, now, readBody, type Reply, type Webhook } from './types';

/**
 * An address Box delivers webhooks to: https on port 443. The one local exception (not Box's): a loopback
 * host (127.0.0.0/8, ::1, localhost) on any scheme and port, so that the stack on one machine, whose api
 * listens on plain http, still hears its signatures.
 */
export function deliverable(address: string): boolean {
  let u: URL;
  try {
    u = new URL(address);
  } catch {
    return false;
  }
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host))
    return u.protocol === 'http:' || u.protocol === 'https:';
  return u.protocol === 'https:' && (u.port === '' || u.port === '443');
}

type WebhookBody = { target?: { id?: string; type?: string }; address?: unknown; triggers?: unknown };

/**
 * Box's 400 for a value it does not take: code bad_request (Box's ClientError codes have no finer one for
 * a parameter), the offending field named in context_info.errors with reason invalid_parameter, as Box's
 * answers to invalid parameters carry it. A webhook with one unknown trigger is refused whole.
 */
const invalid = (name: string, message: string) =>
  boxError(400, 'bad_request', 'Bad Request', { errors: [{ reason: 'invalid_parameter', name, message }] });

/** Why Box would refuse these fields (the address and triggers given), or undefined. */
function refusal(body: WebhookBody, required: boolean): Reply | undefined {
  const { address, triggers } = body;
  if (required && (!address || !Array.isArray(triggers) || !triggers.length))
    return boxError(400, 'bad_request', 'address and triggers are required');
  if (address !== undefined && (typeof address !== 'string' || !deliverable(address)))
    return invalid('address', 'The webhook address must be an HTTPS URL on port 443');
  if (triggers !== undefined) {
    const list: unknown[] = Array.isArray(triggers) ? triggers : [triggers];
    const unknown = list.find((t) => typeof t !== 'string' || !BOX_V2_TRIGGERS.includes(t));
    if (!Array.isArray(triggers) || !triggers.length || unknown !== undefined)
      return invalid('triggers', `Invalid value '${String(unknown)}'. Value must be one of the webhook triggers`);
  }
  return undefined;
}

const webhookJson = (w: Webhook) => ({
  type: 'webhook',
  id: w.id,
  target: { id: w.targetId, type: 'folder' },
  address: w.address,
  triggers: w.triggers,
  created_at: w.created_at ?? now(),
  created_by: { type: 'user', id: '1', name: 'Service Account', login: 'AutomationUser@boxdevedition.com' },
});
/** What Box lists: WebhookMini, the id and target only. */
const webhookMini = (w: Webhook) => ({ type: 'webhook', id: w.id, target: { id: w.targetId, type: 'folder' } });

const json = async (req: IncomingMessage) => JSON.parse((await readBody(req)).toString('utf8') || '{}') as WebhookBody;

/** The route's reply, or undefined when the request is not about webhooks. */
export async function webhooksRoute(store: EsignStore, req: IncomingMessage, u: URL): Promise<Reply | undefined> {
  const method = req.method ?? 'GET';
  if (u.pathname === '/2.0/webhooks') {
    if (method === 'POST') return createWebhook(store, await json(req));
    if (method === 'GET') return listWebhooks(store, u);
    return undefined;
  }
  const one = u.pathname.match(/^\/2\.0\/webhooks\/(\d+)$/);
  if (!one) return undefined;
  const hook = store.state.webhooks!.find((w) => w.id === one[1]);
  if (!hook) return boxError(404, 'not_found', 'Not Found');
  if (method === 'GET') return { status: 200, body: webhookJson(hook) };
  if (method === 'PUT') return updateWebhook(store, hook, await json(req));
  return undefined;
}

/** A webhook on a folder: Box's own checks, in its order (the target, the fields, one per target). */
function createWebhook(store: EsignStore, body: WebhookBody): Reply {
  const { state, save, nextId } = store;
  const targetId = body.target?.id ?? '';
  if (targetId === '0' || body.target?.type !== 'folder')
    return boxError(400, 'bad_request', 'Webhooks cannot be created on the root folder');
  if (!state.folders.some((f) => f.id === targetId)) return boxError(404, 'not_found', 'Target not found');
  const refused = refusal(body, true);
  if (refused) return refused;
  if (state.webhooks!.some((w) => w.targetId === targetId))
    return boxError(409, 'conflict', 'Webhook already exists on the specified target.');
  const hook: Webhook = {
    id: nextId(),
    targetId,
    address: body.address as string,
    triggers: body.triggers as string[],
    created_at: now(),
  };
  state.webhooks!.push(hook);
  save('webhooks', hook);
  return { status: 201, body: webhookJson(hook) };
}

/** PUT /webhooks/:id: the address and triggers given replace the webhook's, checked as on create. */
function updateWebhook(store: EsignStore, hook: Webhook, body: WebhookBody): Reply {
  const refused = refusal(body, false);
  if (refused) return refused;
  if (typeof body.address === 'string') hook.address = body.address;
  if (Array.isArray(body.triggers)) hook.triggers = body.triggers as string[];
  store.save('webhooks', hook);
  return { status: 200, body: webhookJson(hook) };
}

/** GET /webhooks: marker-paginated (the marker is the next index), at most 1000 (Box's maximum) a page. */
function listWebhooks(store: EsignStore, u: URL): Reply {
  const hooks = store.state.webhooks!;
  const limit = Math.min(Number(u.searchParams.get('limit') ?? 100) || 100, 1000, store.opts.maxPageSize ?? 1000);
  const start = Number(u.searchParams.get('marker') ?? 0) || 0;
  const entries = hooks.slice(start, start + limit);
  const next = start + limit < hooks.length ? String(start + limit) : null;
  return { status: 200, body: { limit, next_marker: next, prev_marker: null, entries: entries.map(webhookMini) } };
}
