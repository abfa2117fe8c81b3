// The embedded signer's page at its embed_url (authenticated by the token in the URL, as Box's embed links
// are): the PDF with 'Sign' and 'Decline'; deciding redirects the browser to the signer's redirect URL.
import type { IncomingMessage } from 'node:http';
import type { Signatures } from './signatures';
import type { EsignStore } from './store';
import { readBody, type Reply, type SignRequest } from './types';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function signerPage(r: SignRequest, index: number, token: string): string {
  const s = r.signers[index]!;
  const waiting = r.signers.some((o) => o.role === 'signer' && o.order < s.order && !o.signer_decision);
  const closed = !['sent', 'viewed'].includes(r.status) || !!s.signer_decision;
  const action = `/sign/${r.id}/${index}?t=${token}`;
  const body = closed
    ? `<p class="note">This request is ${escapeHtml(s.signer_decision?.type ?? r.status)}.</p>`
    : waiting
      ? '<p class="note">Waiting for the previous signer.</p>'
      : `<form method="post" action="${action}">
             <button name="decision" value="signed" class="sign">Sign</button>
             <button name="decision" value="declined" class="decline">Decline</button>
           </form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign ${escapeHtml(r.name ?? 'document')}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f6fa;color:#1d2939}header{background:#0061d5;color:#fff;padding:12px 16px;font-weight:600}
main{max-width:900px;margin:0 auto;padding:16px}iframe{width:100%;height:65vh;border:1px solid #d0d5dd;background:#fff}
form{display:flex;gap:12px;margin-top:16px}button{font:inherit;padding:12px 24px;border-radius:8px;border:0;cursor:pointer}
.sign{background:#0061d5;color:#fff}.decline{background:#fff;border:1px solid #b42318;color:#b42318}.note{padding:12px;background:#fff;border-radius:8px}</style></head>
<body><header>Box Sign (local stand-in)</header><main>
<p>Signing as <strong>${escapeHtml(s.email)}</strong> (signer ${s.order} of ${r.signers.filter((o) => o.role === 'signer').length})</p>
<iframe title="Document to sign" src="/sign/${r.id}/${index}/document?t=${token}"></iframe>
${body}</main></body></html>`;
}

/** /sign/<request>/<signer>[/document]: the page, its PDF, or the decision posted from it; else undefined. */
export async function signerRoute(
  store: EsignStore,
  sig: Signatures,
  req: IncomingMessage,
  u: URL,
): Promise<Reply | undefined> {
  const method = req.method ?? 'GET';
  const page = u.pathname.match(/^\/sign\/([\w-]+)\/(\d+)(\/document)?$/);
  if (!page) return undefined;
  const found = store.state.requests.find((x) => x.id === page[1]);
  const r = found && sig.advance(found);
  const index = Number(page[2]);
  const s = r?.signers[index];
  const token = u.searchParams.get('t') ?? '';
  if (!r || !s || s.token !== token) return { status: 404, body: 'Not found', type: 'text/plain' };
  if (page[3]) return { status: 200, body: store.getBytes(r.sourceFileId), type: 'application/pdf' };
  if (method === 'GET') {
    if (!s.has_viewed_document) {
      s.has_viewed_document = true;
      if (r.status === 'sent') r.status = 'viewed';
      store.save('requests', r);
    }
    return { status: 200, body: signerPage(r, index, token), type: 'text/html; charset=utf-8' };
  }
  const form = new URLSearchParams((await readBody(req)).toString('utf8'));
  const decision = form.get('decision');
  const waiting = r.signers.some((o) => o.role === 'signer' && o.order < s.order && !o.signer_decision);
  if (
    (decision !== 'signed' && decision !== 'declined') ||
    waiting ||
    s.signer_decision ||
    !['sent', 'viewed'].includes(r.status)
  )
    return { status: 200, body: signerPage(r, index, token), type: 'text/html; charset=utf-8' };
  return { status: 303, headers: { location: sig.decide(r, index, decision) } };
}
