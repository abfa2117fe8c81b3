// nginx (production) and the local stack's web server send pages the same headers: web/csp.ts's list and
// deploy/page-headers.conf name the same values, and nginx's page location includes the policy the build writes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_HEADERS } from '../web/csp';
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
