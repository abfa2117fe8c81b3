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
            // A step's event (a wrong MFA code's ERROR): Link stays open, as Plaid's onEvent.
            if (e.data.outcome === 'event') { config.onEvent && config.onEvent(e.data.eventName, e.data.metadata); return; }
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

/** An account Link's Account Select lists. */
export type ListedAccount = { key: string; name: string; mask: string; subtype: string };

type LinkState =
  | { token: string; state: 'expired' }
  | { token: string; state: 'refused'; error: unknown }
  /** The institutions (or, in update mode, only the item's own) and the credentials form. */
  | { token: string; state: 'credentials'; wrong?: boolean; oauthTop?: boolean; only?: 'credentials' | 'oauth' }
  | { token: string; state: 'mfa'; login: string; error?: MfaError }
  | {
      token: string;
      state: 'accounts';
      login: string;
      accounts: readonly ListedAccount[];
      multiple: boolean;
      checked: readonly string[];
      noneChosen?: boolean;
    }
  | { token: string; state: 'done'; success: { public_token: string; metadata: unknown } };
/** Plaid's error for a wrong MFA answer (https://plaid.com/docs/errors/item/#invalid_mfa). */
export type MfaError = { error_type: string; error_code: string; error_message: string; display_message: string };

const post = (message: unknown) =>
  `<script>parent.postMessage(${JSON.stringify({ plaidStandin: true, ...(message as object) }).replace(/</g, '\\u003c')}, '*');</script>`;
const loginField = (login: string) => `<input type="hidden" name="login" value="${escapeHtml(login)}">`;

/** The device code step: the code field, Plaid's error on a wrong code (and Link's ERROR event). */
function mfaStep(s: Extract<LinkState, { state: 'mfa' }>, action: string): string {
  return `<h1>First Platypus Bank</h1><p>Enter the code sent to your device.</p><p class="hint">Sandbox code: 1234</p>
${s.error ? `<p class="error" role="alert" data-error-code="${s.error.error_code}">${escapeHtml(s.error.display_message)}</p>${post({ outcome: 'event', eventName: 'ERROR', metadata: { ...s.error, view_name: 'MFA' } })}` : ''}
<form method="post" action="${escapeHtml(action)}">${loginField(s.login)}
<label>Code <input name="code" inputmode="numeric" autocomplete="one-time-code" autofocus></label>
<button type="submit">Submit</button></form>`;
}

/** Account Select: the accounts to share, one (radios) or several (checkboxes), as the customization says. */
function accountsStep(s: Extract<LinkState, { state: 'accounts' }>, action: string): string {
  const kind = s.multiple ? 'checkbox' : 'radio';
  const rows = s.accounts
    .map(
      (a) =>
        `<label class="account"><input type="${kind}" name="account" value="${escapeHtml(a.key)}"${s.checked.includes(a.key) ? ' checked' : ''}> ${escapeHtml(a.name)} ••••${escapeHtml(a.mask)}</label>`,
    )
    .join('\n');
  return `<form method="post" action="${escapeHtml(action)}">${loginField(s.login)}
<fieldset><legend><h1>${s.multiple ? 'Choose the accounts to share' : 'Choose an account to share'}</h1></legend>
${s.noneChosen ? `<p class="error" role="alert">${s.multiple ? 'Select at least one account.' : 'Select an account.'}</p>` : ''}
${rows}</fieldset>
<button type="submit">Continue</button></form>`;
}

/**
 * The Link page: the sandbox institution and its credentials form, Plaid's sandbox OAuth bank (left for
 * through the whole window when the token has a redirect_uri, as on a phone; in the frame otherwise), and
 * the outcome posted to the app.
 */
export function linkPage(s: LinkState): string {
  const action = `?token=${encodeURIComponent(s.token)}`;
  const body =
    s.state === 'mfa'
      ? mfaStep(s, action)
      : s.state === 'accounts'
        ? accountsStep(s, action)
        : s.state === 'expired'
          ? `<p>This link has expired.</p>${post({ outcome: 'exit', error: { error_code: 'INVALID_LINK_TOKEN', error_type: 'INVALID_INPUT' } })}`
          : s.state === 'refused'
            ? `<p role="alert">Your bank could not be connected.</p>${post({ outcome: 'exit', error: s.error })}`
            : s.state === 'done'
              ? `<p>Connected.</p>${post({ outcome: 'success', ...s.success })}`
              : credentialsStep(s, action);
  return shell('Plaid Link (sandbox stand-in)', body);
}

/** The sandbox bank's credentials and the OAuth bank; in update mode only the item's own institution. */
function credentialsStep(s: Extract<LinkState, { state: 'credentials' }>, action: string): string {
  const credentials = `<h1>First Platypus Bank</h1><p class="hint">Sandbox credentials: user_good / pass_good (mfa_device: a device code)</p>
${s.wrong ? '<p class="error" role="alert">The username or password is incorrect.</p>' : ''}
<form method="post" action="${escapeHtml(action)}">
<label>Username <input name="username" autocomplete="off"></label>
<label>Password <input name="password" type="password" autocomplete="off"></label>
<button type="submit">Submit</button></form>`;
  const oauth = `<form method="post" action="${escapeHtml(`oauth-bank${action}`)}"${s.oauthTop ? ' target="_top"' : ''}>
${s.only === 'oauth' ? '<h1>Platypus OAuth Bank</h1><p>Sign in again on your bank’s own site.</p>' : '<p class="hint">Or a bank that signs you in on its own site:</p>'}
<button type="submit"${s.only === 'oauth' ? '' : ' class="cancel"'}>Platypus OAuth Bank</button></form>`;
  const exit = `<form method="get"><button type="button" class="cancel" onclick="parent.postMessage({plaidStandin:true,outcome:'exit'},'*')">Exit</button></form>`;
  return `${s.only === 'oauth' ? '' : credentials}${s.only === 'credentials' ? '' : oauth}${exit}`;
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
.cancel{background:#fff;color:#111;border:1px solid #999;margin-top:8px}.hint{color:#555;font-size:14px}.error{color:#b42318}
fieldset{border:0;padding:0;margin:0}legend h1{margin-bottom:8px}.account{display:flex;gap:8px;align-items:center}.account input{display:inline;width:auto}</style></head>
<body><main>${body}</main></body></html>`;
}
