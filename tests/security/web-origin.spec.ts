// The web origin (the local web server, :8080 under `npm start`) forwards to the Plaid stand-in only what a
// browser needs: its Link script and page, and its OAuth bank's page. The stand-in's test routes (__admin: sign any webhook, put every
// bank link into "log in again") and its Plaid api answer nobody through the web origin, nor under /plaid.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startService, stopAll, type Running } from '../../stack/processes.ts';
import { appSpecs } from '../../stack/stack.ts';
import { freePorts } from '../support/free-port.ts';
import { plaidUrl } from './bank-connect.applicants';
import { endOfFileChecks, tally } from './support';

endOfFileChecks(__filename);

let running: Running[] = [];
let web = '';

beforeAll(async () => {
  const [webPort] = await freePorts(1);
  web = `http://127.0.0.1:${webPort}`;
  // The web server as `npm run dev` runs it (preview shares its proxy table, and needs a build first).
  const spec = appSpecs({ ...inject('securityPorts'), WEB_PORT: webPort! }, { webMode: 'dev' }).find(
    (s) => s.name === 'web',
  )!;
  spec.quiet = true;
  running = [await startService(spec)];
}, 120_000);

afterAll(async () => {
  await stopAll(running);
  running = [];
});

/** A request that must not reach the stand-in's test routes or api: counted, and never its answer. */
async function notForwarded(res: Response) {
  tally.requests++;
  const text = await res.text();
  const reached = /"verification"|"items"|"ok":true|"link_token"|"error_code"/.test(text);
  if (reached) tally.invalidAccepted++;
  expect(text).not.toMatch(/"verification"|"items"|"ok":true|"link_token"|"error_code"/);
}

describe('the web origin and the Plaid stand-in', () => {
  it('serves the Link script and page a browser needs', async () => {
    const script = await fetch(`${web}/plaid/link-initialize.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('window.Plaid');
    const page = await fetch(`${web}/plaid/link?token=unknown`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    // The OAuth bank's page Link sends the applicant to (a trip it never issued: its own refusal page).
    const bank = await fetch(`${web}/plaid/oauth-bank?oauth_state_id=unknown`);
    expect(bank.status).toBe(400);
    expect(await bank.text()).toContain('Platypus OAuth Bank');
  });

  it("forwards none of the stand-in's test routes or api", async () => {
    const json = { 'content-type': 'application/json' };
    const body = JSON.stringify({ body: '{"webhook_type":"ITEM","webhook_code":"ERROR"}' });
    await notForwarded(await fetch(`${web}/plaid/__admin/sign-webhook`, { method: 'POST', headers: json, body }));
    await notForwarded(await fetch(`${web}/plaid/__admin/items`));
    await notForwarded(await fetch(`${web}/plaid/%5F%5Fadmin/items`));
    await notForwarded(await fetch(`${web}/plaid/link/../__admin/items`));
    await notForwarded(await fetch(`${web}/plaid/oauth-bank/__admin/items`));
    await notForwarded(await fetch(`${web}/plaid/oauth-bank%2F..%2F__admin/items`));
    await notForwarded(await fetch(`${web}/plaid/link/token/create`, { method: 'POST', headers: json, body: '{}' }));
  });

  it('the stand-in itself answers no test route under /plaid (what a proxy in front would reach)', async () => {
    for (const path of ['/plaid/__admin/items', '/plaid/__admin/sign-webhook']) {
      const res = await fetch(`${plaidUrl()}${path}`, {
        method: path.endsWith('items') ? 'GET' : 'POST',
        body: undefined,
      });
      tally.requests++;
      expect(res.status, path).toBe(404);
      await res.body?.cancel();
    }
    // Its own callers (the tests, on its loopback port) keep the routes at the root.
    expect((await fetch(`${plaidUrl()}/__admin/items`)).status).toBe(200);
  });
});
