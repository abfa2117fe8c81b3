// nginx (production) and the local stack's web server send pages the same headers: web/csp.ts's list and
// deploy/page-headers.conf name the same values, and nginx's page location includes the policy the build writes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_HEADERS, policyFor } from '../web/csp';
import { ROOT } from './root.ts';

const conf = readFileSync(`${ROOT}/deploy/page-headers.conf`, 'utf8');
const nginx = readFileSync(`${ROOT}/deploy/nginx.conf`, 'utf8');

describe('page headers', () => {
  it('are the same in nginx as on the local web server', () => {
    const inNginx = Object.fromEntries(
      [...conf.matchAll(/^add_header ([\w-]+) "([^"]*)" always;$/gm)].map((m) => [m[1]!, m[2]!]),
    );
    const { 'Strict-Transport-Security': hsts, ...rest } = inNginx;
    expect(rest).toEqual(PAGE_HEADERS);
    expect(hsts).toMatch(/^max-age=\d+/);
  });

  it('and nginx sends the build’s policy with every page', () => {
    const page = /location \/ \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    expect(page).toContain('include /etc/nginx/csp.conf;');
    expect(page).toContain('include /etc/nginx/page-headers.conf;');
    expect(readFileSync(`${ROOT}/deploy/web.Dockerfile`, 'utf8')).toContain('web/dist/.vite/csp.txt');
  });
});

describe("the pages' policy for Plaid Link (Plaid's Link Web SDK, CSP directives; its OAuth guide)", () => {
  const directive = (policy: string, name: string) =>
    policy
      .split('; ')
      .find((d) => d.startsWith(`${name} `))!
      .split(' ')
      .slice(1);
  const CDN = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

  it("with Plaid's CDN: script and frame from cdn.plaid.com, calls to the environment's API host", () => {
    const production = policyFor('<html></html>', CDN, undefined);
    expect(directive(production, 'script-src')).toContain('https://cdn.plaid.com');
    expect(directive(production, 'frame-src')).toContain('https://cdn.plaid.com');
    expect(directive(production, 'connect-src')).toContain('https://production.plaid.com');
    expect(directive(production, 'connect-src')).not.toContain('https://sandbox.plaid.com');
    const staging = policyFor('<html></html>', CDN, 'sandbox');
    expect(directive(staging, 'connect-src')).toContain('https://sandbox.plaid.com');
    expect(directive(staging, 'connect-src')).not.toContain('https://production.plaid.com');
  });

  it('with the local stand-in, or no bank connection, no Plaid host at all', () => {
    for (const link of [undefined, '/plaid/link-initialize.js', 'none'])
      expect(policyFor('<html></html>', link, undefined)).not.toContain('plaid.com');
  });

  it("lets Link's OAuth popup keep its opener: COOP same-origin-allow-popups", () => {
    expect(PAGE_HEADERS['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
  });
});
