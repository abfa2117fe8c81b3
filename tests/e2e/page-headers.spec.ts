// The local stack's web server answers pages with the policy and headers nginx gives
// them in production (web/csp.ts), and the app runs under that policy with no violation: the prerendered
// page's inline scripts by their hashes, and nothing else inline.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const OPEN_PAGES: string[] = JSON.parse(readFileSync(join(__dirname, '../../web/open-pages.json'), 'utf8'));
const base = () => process.env.E2E_BASE_URL!;

test('every open page carries the policy and the headers, and nothing on it breaks the policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  for (const path of OPEN_PAGES.filter((p) => !p.includes('$'))) {
    const res = (await page.goto(`${base()}${path}`))!;
    const headers = res.headers();
    expect(headers['content-security-policy'], path).toMatch(/script-src 'self' 'sha256-/);
    expect(headers['content-security-policy'], path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    await expect(page.locator('main h1').first()).toBeVisible();
  }
  // The prerendered first page hydrates and works: its inline scripts ran.
  await page.goto(`${base()}/sign-up`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('.error-summary')).toBeVisible();
  expect(violations).toEqual([]);
  // An injected inline script does not run (an allowed one runs as it is inserted, so the answer right after
  // appendChild is the proof), and is reported: the console message comes a moment later, so it is polled for.
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.appendChild(s);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBe(1);
});
