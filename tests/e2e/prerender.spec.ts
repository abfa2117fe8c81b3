import { expect, test } from '@playwright/test';
import { codeFromMail } from '../support/api-client';
import { fillSignUp, holdScripts, pageErrors } from './journey.steps';

// /sign-up's HTML comes prerendered (web/src/prerender.tsx) and shows before the app's
// code has run. These hold the app's scripts back to look at that moment, then let them through.
const base = () => process.env.E2E_BASE_URL!;

test('what is typed into the prerendered form before the app runs is kept, and a held Continue goes through', async ({
  page,
}) => {
  const errors = pageErrors(page);
  const release = await holdScripts(page);
  await page.goto(`${base()}/sign-up`, { waitUntil: 'commit' });
  const firstName = page.getByLabel('First name');
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for a Business Loan' })).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en');
  // The node itself is marked: hydration keeps it, a fresh render would replace it.
  await firstName.evaluate((el) => el.setAttribute('data-typed-early', ''));
  await firstName.fill('Ada');
  await page.getByLabel('Phone').fill('2125550123');
  await page.getByRole('button', { name: 'Continue' }).click();
  // Not the browser's own submit (it would put the fields in the address).
  expect(new URL(page.url()).search).toBe('');

  await release();
  // The held Continue is made with what the fields hold: only the empty fields are refused.
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('First name is required')).toHaveCount(0);
  await expect(page.getByText('Phone number is required')).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.locator('input[data-typed-early]')).toHaveValue('Ada');
  await expect(page.getByLabel('Phone')).toHaveValue('(212) 555-0123');
  // Typing elsewhere re-renders the form: the early text stays.
  await page.getByLabel('Last name').fill('Lovelace');
  await expect(firstName).toHaveValue('Ada');
  await expect(page.getByLabel('Last name')).toHaveValue('Lovelace');
  expect(errors).toEqual([]);
});

// A password typed before the app's code ran gets its strength meter as the page is hydrated: the meter's
// room is kept empty, so the button does not move from under a press made then. The session check is held
// so that hydration starts while the pointer is on Continue.
for (const when of ['pressed before hydration starts', 'pressed as it starts']) {
  test(`a Continue ${when} signs up`, async ({ page }, info) => {
    let answer!: () => void;
    const checked = new Promise<void>((r) => (answer = r));
    await page.route('**/api/auth/user', async (route) => {
      await checked;
      await route.continue();
    });
    await page.goto(`${base()}/sign-up`);
    const email = `hydration-press-${info.project.name}-${Date.now()}@example.com`;
    await fillSignUp(page, email);
    const button = page.getByRole('button', { name: 'Continue' });
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const since = new Date();
    const hydrating = () =>
      page.waitForFunction(() => !document.getElementById('root')!.dataset.prerendered, null, { polling: 'raf' });
    if (when === 'pressed before hydration starts') {
      await page.mouse.down();
      answer();
      await hydrating();
      await page.mouse.up();
    } else {
      answer();
      await hydrating();
      await page.mouse.down();
      await page.mouse.up();
    }
    await page.getByLabel('Confirmation code').fill(await codeFromMail(process.env.E2E_MAILDEV_URL!, email, since));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });
  });
}

test('a French browser gets the French prerender, never the English one', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-CA' });
  const page = await context.newPage();
  const errors = pageErrors(page);
  const release = await holdScripts(page);
  await page.goto(`${base()}/sign-up`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Demander un prêt d’entreprise' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'fr-CA');
  await expect(page.getByText('Apply for a Business Loan')).toHaveCount(0);
  await release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByRole('heading', { level: 1, name: 'Demander un prêt d’entreprise' })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('the stored language choice wins over the browser, as the app decides', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'fr-CA'));
  const release = await holdScripts(page);
  await page.goto(`${base()}/sign-up`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Demander un prêt d’entreprise' })).toBeVisible();
  await release();
  await expect(page.getByRole('button', { name: 'Continuer' })).toBeVisible();
});

test('no prerender on other routes, nor for a visitor who has signed in on this browser', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto(`${base()}/login`, { waitUntil: 'commit' });
  // Parsed (index.html's own script has run), the app's scripts still held.
  await page.waitForFunction(() => document.readyState !== 'loading');
  await expect(page.locator('template#prerender-en')).toHaveCount(1);
  await expect(page.locator('#root')).toBeEmpty();

  // The app keeps the user name while signed in (lib/storage.ts): such a visitor is on their way to the
  // application, so no sign-up form flashes first.
  await page.addInitScript(() => localStorage.setItem('userName', 'someone'));
  await page.goto(`${base()}/sign-up`, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  await expect(page.locator('#root')).toBeEmpty();
  await release();
});
