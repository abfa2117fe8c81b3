import { expect, test } from '@playwright/test';
import { saveAnswers, stepOn } from '../support/journey';
import { base, DOROTHY, financial, holdScripts, pageErrors, sessionClient, signUp } from './journey.steps';
import { expectNoSidewaysScroll } from './keyboard';

// A signed-in applicant reloading the journey page they stand on (/financial) sees its frame
// (the shell, the page's heading and lead, web/src/prerender.tsx JOURNEY_SHELLS) as soon as index.html's
// session check answers, before the app's code has run; the page is then drawn over it. These hold the
// app's scripts back to look at that moment, then let them through.

test('a reload of /financial shows its frame before the app has run, then the page, which works', async ({
  page,
}, info) => {
  await signUp(page, `shell-${info.project.name}-${Date.now()}@example.com`);
  const errors = pageErrors(page);
  const release = await holdScripts(page);
  await page.reload({ waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1, name: 'Annual revenue and amount requested' });
  await expect(heading).toBeVisible();
  await expect(page.getByText('A rough figure is fine.')).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-shell', 'en');
  await expect(page.locator('.topbar-name')).toHaveText(DOROTHY.firstName);
  await expect(page).toHaveTitle('Annual revenue and amount requested – Fundwise');
  // The form is the app's: not there until its code has run; meanwhile its place says it is coming.
  await expect(page.getByLabel('Annual revenue')).toHaveCount(0);
  await expect(page.locator('main').getByRole('status')).toHaveText('Loading your application...');
  await page.screenshot({ path: `test-results/shots/financial-shell-en-${info.project.name}.png` });

  await release();
  await expect(page.getByLabel('Annual revenue')).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('data-shell');
  await expect(page.getByText('Loading your application...')).toHaveCount(0);
  await expect(heading).toHaveCount(1);
  await page.screenshot({ path: `test-results/shots/financial-page-en-${info.project.name}.png` });
  await financial(page);
  expect(errors).toEqual([]);
});

test('the frame is in the app’s language: French when that is the choice', async ({ page }, info) => {
  await signUp(page, `shell-fr-${info.project.name}-${Date.now()}@example.com`);
  await page.evaluate(() => localStorage.setItem('language', 'fr-CA'));
  const errors = pageErrors(page);
  const release = await holdScripts(page);
  await page.reload({ waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1, name: 'Revenus annuels et montant demandé' });
  await expect(heading).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.locator('#root')).toHaveAttribute('data-shell', 'fr-CA');
  await page.screenshot({ path: `test-results/shots/financial-shell-fr-${info.project.name}.png` });
  await release();
  await expect(page.getByLabel('Revenus annuels')).toBeVisible();
  await expect(heading).toHaveCount(1);
  await page.screenshot({ path: `test-results/shots/financial-page-fr-${info.project.name}.png` });
  expect(errors).toEqual([]);
});

test('a reload of /owners shows its own frame, in its wide card, then the page', async ({ page }, info) => {
  await signUp(page, `shell-owners-${info.project.name}-${Date.now()}@example.com`);
  const client = sessionClient(page);
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  await saveAnswers(client, applicationId);
  for (let i = 0; i < 3; i++) expect((await stepOn(client, applicationId)).status).toBe(200);
  await page.goto(`${base()}/owners`);
  await expect(page.getByLabel('Percent ownership')).toBeVisible();
  const errors = pageErrors(page);
  const release = await holdScripts(page);
  await page.reload({ waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1, name: 'Business ownership information' });
  await expect(heading).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-shell', 'en');
  await expect(page.locator('section.card.wide')).toHaveCount(1);
  await expect(page.getByLabel('Percent ownership')).toHaveCount(0);
  await page.screenshot({ path: `test-results/shots/owners-shell-en-${info.project.name}.png` });
  await release();
  await expect(page.getByLabel('Percent ownership')).toBeVisible();
  await expect(heading).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a signed-out visit to /financial gets no frame: the app sends it to /sign-up', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto(`${base()}/financial`, { waitUntil: 'commit' });
  // The session check has answered (no session) and nothing was drawn.
  await page.waitForFunction(() => (window as { shellShown?: Promise<boolean> }).shellShown !== undefined);
  expect(await page.evaluate(() => (window as unknown as { shellShown: Promise<boolean> }).shellShown)).toBe(false);
  await expect(page.locator('#root')).toBeEmpty();
  await release();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for a Business Loan' })).toBeVisible();
});

test('at 320 px (400 % zoom) no journey page scrolls sideways, the progress bar included', async ({ page }, info) => {
  await signUp(page, `reflow-${info.project.name}-${Date.now()}@example.com`);
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(page.getByLabel('Annual revenue')).toBeVisible();
  await expect(page.locator('.progress-narrow')).toBeVisible();
  await expectNoSidewaysScroll(page, '/financial at 320 px');
  await page.screenshot({ path: `test-results/shots/reflow-320-financial-${info.project.name}.png` });
  const client = sessionClient(page);
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  await saveAnswers(client, applicationId);
  for (let i = 0; i < 3; i++) expect((await stepOn(client, applicationId)).status).toBe(200);
  await page.goto(`${base()}/owners`);
  await expect(page.getByLabel('Percent ownership')).toBeVisible();
  await expectNoSidewaysScroll(page, '/owners at 320 px');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByLabel('Pourcentage de propriété')).toBeVisible();
  await expectNoSidewaysScroll(page, '/owners in French at 320 px');
  await page.screenshot({ path: `test-results/shots/reflow-320-owners-fr-${info.project.name}.png` });
});

test('the browser’s Back on the business details returns to the question, Forward to the details', async ({
  page,
}, info) => {
  await signUp(page, `back-${info.project.name}-${Date.now()}@example.com`);
  await financial(page);
  const question = page.getByRole('heading', { level: 1, name: 'Tell us about your business' });
  const details = page.getByRole('heading', { level: 1, name: 'Business details' });
  // An entry arrived at otherwise (the address typed, a reload) remembers its step as the journey's own do.
  await page.goto(`${base()}/business`);
  await expect(question).toBeVisible();
  await page.getByText('Yes', { exact: true }).click();
  await page.getByLabel('When did your business start?').fill('2019-04-01');
  await page.getByLabel('How do you plan to use the loan proceeds?').selectOption('Working Capital');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(details).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/business$/);
  await expect(question).toBeVisible();
  await expect(details).toHaveCount(0);
  await page.goForward();
  await expect(details).toBeVisible();
  await page.goBack();
  await expect(question).toBeVisible();
});
