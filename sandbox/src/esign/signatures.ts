// A sign request's course as time passes and signers decide (converting, sent, viewed, finalizing, signed or
// declined), and the webhook deliveries it makes, signed with the app's keys as Box signs them.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { BOX_SIGN_TRIGGERS } from '@portal/libs';
import type { EsignStore } from './store';
import { now, type SignRequest, type StoredFile, type Webhook } from './types';

export type Signatures = ReturnType<typeof signatures>;

export function signatures(store: EsignStore) {
  const { state, save } = store;

  /** Moves a request on as time passes: converting to sent (or its error), finalizing to signed. */
  function advance(r: SignRequest) {
    if (r.status === 'converting' && Date.now() >= (r.readyAt ?? 0)) {
      r.status = r.failWith ?? 'sent';
      save('requests', r);
    }
    if (r.status === 'finalizing' && Date.now() >= (r.finalAt ?? 0)) {
      r.status = 'signed';
      r.finished_at = now();
      save('requests', r);
      void deliver(r, BOX_SIGN_TRIGGERS.completed);
    }
    return r;
  }

  /** The folder and its ancestors: a folder's webhook hears about everything below it. */
  function ancestors(folderId: string): string[] {
    const out: string[] = [];
    for (let id: string | undefined = folderId; id && id !== '0'; id = state.folders.find((f) => f.id === id)?.parentId)
      out.push(id);
    return out;
  }

  async function deliver(r: SignRequest, trigger: string) {
    r.events.push(trigger);
    save('requests', r);
    const targets = ancestors(r.parentFolderId);
    const hooks = (state.webhooks ?? []).filter((w) => targets.includes(w.targetId) && w.triggers.includes(trigger));
    await Promise.all(hooks.map((w) => deliverTo(store, w, r, trigger)));
  }

  /** A signer's decision; answers where the signer's browser goes next. */
  function decide(r: SignRequest, index: number, decision: 'signed' | 'declined'): string {
    const signer = r.signers[index]!;
    signer.signer_decision = { type: decision, finalized_at: now(), additional_info: null };
    if (decision === 'declined') {
      r.status = 'declined';
      r.finished_at = now();
      void deliver(r, BOX_SIGN_TRIGGERS.declined);
      return signer.declined_redirect_url ?? signer.redirect_url ?? `${store.url}/done`;
    }
    const pending = r.signers.filter((s) => s.role === 'signer' && !s.signer_decision);
    // Box tells the webhook each signer's signature as it comes (the next signer's turn begins, or the
    // request finalizes).
    void deliver(r, BOX_SIGN_TRIGGERS.signerSigned);
    if (pending.length === 0) {
      // Box writes a signed file from the source once every signer has signed: a different file from the
      // one sent (here the source with a closing comment naming the request), so that a test can tell it
      // from our own copy of what was sent.
      const source = state.files.find((f) => f.id === r.sourceFileId)!;
      const bytes = Buffer.concat([
        store.getBytes(source.id) ?? Buffer.alloc(0),
        Buffer.from(`\n% Signed through Box Sign, request ${r.id}, ${now()}\n`),
      ]);
      const signed: StoredFile = {
        ...source,
        id: store.nextId(),
        name: source.name.replace(/\.pdf$/i, '') + ' (signed).pdf',
        sha1: createHash('sha1').update(bytes).digest('hex'),
        size: bytes.length,
      };
      state.files.push(signed);
      store.putBytes(signed.id, bytes);
      r.signedFileId = signed.id;
      // Box finalizes first (the signed PDF and the signing log are being written), then says signed.
      r.status = 'finalizing';
      r.finalAt = Date.now() + store.finalizingMs;
      save('requests', r);
      setTimeout(() => advance(r), store.finalizingMs + 5).unref();
    } else {
      r.status = 'viewed';
      save('requests', r);
    }
    return signer.redirect_url ?? `${store.url}/done`;
  }

  return { advance, decide };
}

/** One webhook delivery, signed with the app's primary and secondary keys as Box signs them. */
async function deliverTo(store: EsignStore, hook: Webhook, r: SignRequest, trigger: string) {
  const { state } = store;
  const keys = store.opts.webhookKeys;
  if (!keys) return;
  const body = JSON.stringify({
    type: 'webhook_event',
    id: randomUUID(),
    created_at: now(),
    trigger,
    webhook: { id: hook.id, type: 'webhook' },
    created_by: { type: 'user', id: '1', name: 'Box Sign', login: 'AutomationUser@boxdevedition.com' },
    source: r.signedFileId
      ? store.fileJson(state.files.find((f) => f.id === r.signedFileId)!)
      : { type: 'file', id: r.sourceFileId },
    additional_info: {
      sign_request_id: r.id,
      signer_emails: r.signers.map((s) => s.email),
      external_id: r.external_id,
    },
  });
  const ts = now();
  const sign = (k: string) => createHmac('sha256', k).update(body).update(ts).digest('base64');
  const headers = {
    'content-type': 'application/json',
    'box-delivery-id': randomUUID(),
    'box-delivery-timestamp': ts,
    'box-signature-version': '1',
    'box-signature-algorithm': 'HmacSHA256',
    'box-signature-primary': sign(keys.primaryKey),
    'box-signature-secondary': sign(keys.secondaryKey),
    'user-agent': 'Box-WH-Client/0.1',
  };
  // Box retries failed deliveries; so do we, a few times, quickly.
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const res = await fetch(hook.address, { method: 'POST', body, headers });
      if (res.ok) return;
    } catch {
      /* the api may be restarting */
    }
    await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
  }
}
