import { expect, test, type Page } from '@playwright/test';
import { base, signUp } from './journey.steps';

// A page whose scripts cannot load (the connection dropped after the HTML came) used to stay as it was: the
// prerendered sign-up form inert to its Continue, a journey frame inert, any other page blank. It now says
// so in the app's language, with a button that reloads (web/src/prerender.tsx LOAD_FAILED_SCRIPT).

/** The app's scripts fail to load until `restore()`. */
async function dropScripts(page: Page) {
  const drop = /\/assets\/.*\.js$/;
  await page.route(drop, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(drop);
}

test('the first visit says the page could not load, keeps what was typed, and its button reloads', async ({
  page,
}, info) => {
  const restore = await dropScripts(page);
  await page.goto(`${base()}/sign-up`);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('We could not reach our server. Check your connection and try again.');
  // The prerendered form is still there, with what was typed.
  await page.getByLabel('First name').fill('Ada');
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await page.screenshot({ path: `test-results/shots/load-failed-sign-up-en-${info.project.name}.png` });

  await restore();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for a Business Loan' })).toBeVisible();
  await expect(alert).toHaveCount(0);
  // The app runs: its own validation answers a Continue.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
});

test('a journey frame says it in French when that is the choice, and its button is live', async ({ page }, info) => {
  await signUp(page, `load-failed-${info.project.name}-${Date.now()}@example.com`);
  await page.evaluate(() => localStorage.setItem('language', 'fr-CA'));
  const restore = await dropScripts(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Revenus annuels et montant demandé' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Nous n’avons pas pu joindre notre serveur. Vérifiez votre connexion et réessayez.',
  );
  await page.screenshot({ path: `test-results/shots/load-failed-financial-fr-${info.project.name}.png` });
  await restore();
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByLabel('Revenus annuels')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
