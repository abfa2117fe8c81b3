// Plaid Link in the browser: link-initialize.js defines window.Plaid.create (the API react-plaid-link
// drives), whose open() shows the Link page in a frame over the app; the page posts its outcome back.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The Link script: Plaid.create({ token, onSuccess, onExit, onEvent, onLoad }) → { open, exit, destroy, submit }. */
export function linkScript(): string {
  return `(function () {
  var base = (document.currentScript && document.currentScript.src || '').replace(/\\/link-initialize\\.js.*$/, '');
  window.Plaid = {
    version: 'standin',
    create: function (config) {
      var frame = null, listening = null, done = false;
      function close() {
        if (listening) window.removeEventListener('message', listening);
        if (frame && frame.parentNode) frame.parentNode.removeChild(frame);
        frame = null; listening = null;
      }
      setTimeout(function () { config.onLoad && config.onLoad(); }, 0);
      return {
        open: function () {
          if (frame) return;
          done = false;
          frame = document.createElement('iframe');
          frame.title = 'Plaid Link';
          // Re-initialised on the way back from an OAuth bank: Link goes on with that trip.
          frame.src = base + '/link?token=' + encodeURIComponent(config.token) +
            (config.receivedRedirectUri ? '&received_redirect_uri=' + encodeURIComponent(config.receivedRedirectUri) : '');
          frame.setAttribute('style', 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:rgba(16,24,40,.55)');
          listening = function (e) {
            if (!frame || e.source !== frame.contentWindow || !e.data || e.data.plaidStandin !== true) return;
            done = true;
            close();
            if (e.data.outcome === 'success') config.onSuccess(e.data.public_token, e.data.metadata);
            else config.onExit && config.onExit(e.data.error || null, { status: e.data.outcome });
          };
          window.addEventListener('message', listening);
          document.body.appendChild(frame);
          config.onEvent && config.onEvent('OPEN', { view_name: 'CONSENT' });
        },
        exit: function (opts, cb) { var open = !!frame; close(); if (open && !done && config.onExit) config.onExit(null, { status: 'requires_credentials' }); cb && cb(); },
        destroy: function () { close(); },
        submit: function () {}
      };
    }
  };
})();`;
}

type LinkState =
  | { token: string; state: 'expired' }
  | { token: string; state: 'refused'; error: unknown }
  | { token: string; state: 'credentials'; wrong?: boolean; oauthTop?: boolean }
  | { token: string; state: 'done'; success: { public_token: string; metadata: unknown } };

/**
 * The Link page: the sandbox institution and its credentials form, Plaid's sandbox OAuth bank (left for
 * through the whole window when the token has a redirect_uri, as on a phone; in the frame otherwise), and
 * the outcome posted to the app.
 */
export function linkPage(s: LinkState): string {
  const post = (message: unknown) =>
    `<script>parent.postMessage(${JSON.stringify({ plaidStandin: true, ...(message as object) }).replace(/</g, '\\u003c')}, '*');</script>`;
  const action = `?token=${encodeURIComponent(s.token)}`;
  const body =
    s.state === 'expired'
      ? `<p>This link has expired.</p>${post({ outcome: 'exit', error: { error_code: 'INVALID_LINK_TOKEN', error_type: 'INVALID_INPUT' } })}`
      : s.state === 'refused'
        ? `<p role="alert">Your bank could not be connected.</p>${post({ outcome: 'exit', error: s.error })}`
        : s.state === 'done'
          ? `<p>Connected.</p>${post({ outcome: 'success', ...s.success })}`
          : `<h1>First Platypus Bank</h1><p class="hint">Sandbox credentials: user_good / pass_good</p>
${s.wrong ? '<p class="error" role="alert">The username or password is incorrect.</p>' : ''}
<form method="post" action="${escapeHtml(action)}">
<label>Username <input name="username" autocomplete="off"></label>
<label>Password <input name="password" type="password" autocomplete="off"></label>
<button type="submit">Submit</button></form>
<form method="post" action="${escapeHtml(`oauth-bank${action}`)}"${s.oauthTop ? ' target="_top"' : ''}>
<p class="hint">Or a bank that signs you in on its own site:</p>
<button type="submit" class="cancel">Platypus OAuth Bank</button></form>
<form method="get"><button type="button" class="cancel" onclick="parent.postMessage({plaidStandin:true,outcome:'exit'},'*')">Exit</button></form>`;
  return shell('Plaid Link (sandbox stand-in)', body);
}

/** The OAuth bank's own page: consent to share the accounts, or a trip it does not know. */
export function consentPage(s: { state: 'consent'; id: string } | { state: 'unknown' }): string {
  return shell(
    'Platypus OAuth Bank (sandbox stand-in)',
    s.state === 'unknown'
      ? '<h1>Platypus OAuth Bank</h1><p role="alert">This sign-in request is unknown or has already been answered.</p>'
      : `<h1>Platypus OAuth Bank</h1><p>Share your account details and statements with the app that sent you here?</p>
<form method="post" action="${escapeHtml(`oauth-bank?oauth_state_id=${encodeURIComponent(s.id)}`)}">
<button type="submit">Continue</button></form>`,
  );
}

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:transparent}
main{background:#fff;border-radius:12px;padding:24px;width:min(360px,90vw);box-shadow:0 8px 32px rgba(0,0,0,.25)}
h1{font-size:20px}label{display:block;margin:12px 0}input{display:block;width:100%;box-sizing:border-box;padding:10px;font:inherit}
button{font:inherit;padding:10px 20px;border-radius:8px;border:0;background:#111;color:#fff;cursor:pointer;width:100%}
.cancel{background:#fff;color:#111;border:1px solid #999;margin-top:8px}.hint{color:#555;font-size:14px}.error{color:#b42318}</style></head>
<body><main>${body}</main></body></html>`;
}
