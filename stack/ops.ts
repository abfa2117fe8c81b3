// `npm run ops -- <action> <applicationId>`: an operator's action on one application, through the api's
// operator endpoints (the same bearer token the codec server takes).
//   resend-signing   void the open sign request and send a fresh one
//   extend-deadline  count now as progress: reminders and abandonment start over
//   retry-crm-sync   try the CRM now instead of after the back-off (and what it refused); with
//                    `--email <address>`, make the refused lead with this corrected email
//   withdraw         close the lead, void an open sign request, stop the timers, end the workflow
//   progress         print getProgress (stage, step, pending work, whose turn, last error) and statements' reviews
// `npm run ops -- views`: the saved views of the Temporal UI as links (stack/views.ts).
// Settings: API_URL (default http://127.0.0.1:$API_PORT) and OPERATOR_TOKEN (default: the one `npm start`
// made, in $DATA_DIR/operator-token), validated as the api does;
// for views, TEMPORAL_UI_ORIGIN and TEMPORAL_NAMESPACE.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { ROOT } from './stack.ts';
import { viewLines } from './views.ts';

const ACTIONS = ['resend-signing', 'extend-deadline', 'retry-crm-sync', 'withdraw', 'progress'];
const [action, applicationId, flag, value] = process.argv.slice(2);
const email = action === 'retry-crm-sync' && flag === '--email' ? value : undefined;
const usage = `usage: npm run ops -- <${ACTIONS.join('|')}> <applicationId> [--email <address>]\n       npm run ops -- views`;
if (action === '--help' || action === '-h') {
  console.log(usage);
  process.exit(0);
}
if (action !== 'views' && (!action || !applicationId || !ACTIONS.includes(action))) {
  console.error(usage);
  process.exit(2);
}

const { API_SETTINGS, STACK_SETTINGS, loadEnv, ConfigError } = createRequire(import.meta.url)(
  `${ROOT}/libs/dist/index.js`,
);
let settings;
try {
  // The local stack's token of this start (start.ts wrote it), unless the environment gives one.
  const tokenFile = join(resolve(ROOT, loadEnv(STACK_SETTINGS, process.env).DATA_DIR), 'operator-token');
  const local = !process.env.OPERATOR_TOKEN && existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '';
  settings = loadEnv(API_SETTINGS, local ? { ...process.env, OPERATOR_TOKEN: local } : process.env);
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
if (action === 'views') {
  console.log(`Saved views (Temporal UI, namespace ${settings.TEMPORAL_NAMESPACE}):`);
  console.log(viewLines(settings.TEMPORAL_UI_ORIGIN, settings.TEMPORAL_NAMESPACE).join('\n'));
  process.exit(0);
}
const base = (process.env.API_URL ?? `http://127.0.0.1:${settings.API_PORT}`).replace(/\/$/, '');
const url = `${base}/api/operations/applications/${encodeURIComponent(applicationId)}/${action}`;
const res = await fetch(url, {
  method: action === 'progress' ? 'GET' : 'POST',
  headers: { authorization: `Bearer ${settings.OPERATOR_TOKEN}`, 'content-type': 'application/json' },
  ...(action === 'progress' ? {} : { body: JSON.stringify(email ? { email } : {}) }),
});
const body = await res.text();
if (!res.ok) {
  console.error(`${action} ${applicationId}: HTTP ${res.status} ${body}`);
  process.exit(1);
}
console.log(
  action === 'progress' ? JSON.stringify(JSON.parse(body).data, null, 2) : `${action} ${applicationId}: accepted`,
);
