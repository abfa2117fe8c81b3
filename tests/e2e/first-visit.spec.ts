import { expect, test } from '@playwright/test';
import { gzipSync } from 'node:zlib';

// First visit: a signed-out visitor's /sign-up answers (validates, formats, opens the menu) with
// only the scripts index.html starts (the entry and its static imports), ≤ 100 KiB gzip; the rest of the
// app (TanStack Router and Query, the other pages) loads after and takes over when the applicant leaves.
const base = () => process.env.E2E_BASE_URL!;
const BUDGET = 100 * 1024;

test('a signed-out /sign-up answers with the scripts index.html starts (≤ 100 KiB gzip); the rest comes after and takes over on leaving', async ({
  page,
  request,
}, info) => {
  const html = await (await request.get(`${base()}/sign-up`)).text();
  // The entry and its static imports, which index.html's last script asks for (web/vite.config.ts
  // startAfterFirstPaint). Without that script (as the app was first built), Vite's own tags name them.
  const start = /<script id="app-start">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const found = start
    ? start.matchAll(/"(\/assets\/[^"]+\.js)"/g)
    : html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.js)"/g);
  const named = new Set([...found].map((m) => m[1]!));
  expect(named.size).toBeGreaterThan(0);
  let gzip = 0;
  for (const file of named) gzip += gzipSync(await (await request.get(`${base()}${file}`)).body()).length;
  expect(gzip, `the first visit's scripts: ${(gzip / 1024).toFixed(1)} KiB gzip`).toBeLessThanOrEqual(BUDGET);

  // Every other script waits until released.
  const held: (() => Promise<void>)[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) =>
    released || named.has(new URL(route.request().url()).pathname)
      ? route.continue()
      : void held.push(() => route.continue()),
  );
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base()}/sign-up`);
  // Hydrated: the app has taken the form over.
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await page.getByLabel('Phone').pressSequentially('2125550123');
  await expect(page.getByLabel('Phone')).toHaveValue('(212) 555-0123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Phone number is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);
  await page.screenshot({ path: `test-results/shots/first-visit-${info.project.name}.png`, fullPage: true });
  // Once the page has shown, the rest of the app is asked for.
  await expect.poll(() => held.length).toBeGreaterThan(0);

  // Leaving the page: the whole app takes over at /login once its code is in.
  await page.getByRole('button', { name: 'Already have an account? Login!' }).click();
  released = true;
  await Promise.all(held.splice(0).map((go) => go()));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  // Back to /sign-up, now the router's page: what the applicant does there still works.
  await page.goBack();
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a French first visit is hydrated in French and answers in French', async ({ browser }, info) => {
  const context = await browser.newContext({
    locale: 'fr-CA',
    ...(info.project.use.viewport ? { viewport: info.project.use.viewport } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base()}/sign-up`);
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demander un prêt d’entreprise' })).toBeVisible();
  await expect(page.getByText('Ce champ est obligatoire').first()).toBeVisible();
  await expect(page.getByText('This field is required')).toHaveCount(0);
  await page.screenshot({ path: `test-results/shots/first-visit-fr-${info.project.name}.png`, fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});

test('a press on the menu before the app has run is made once it has', async ({ page }) => {
  const held: (() => Promise<void>)[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) =>
    released ? route.continue() : void held.push(() => route.continue()),
  );
  await page.goto(`${base()}/sign-up`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for a Business Loan' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  released = true;
  await Promise.all(held.splice(0).map((go) => go()));
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
});
