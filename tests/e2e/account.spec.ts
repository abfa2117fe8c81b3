import { expect, test, type Page } from '@playwright/test';
import { codeFromMail } from '../support/api-client';
import { fillSignUp as fillSignUpAs, signUp } from './journey.steps';
import { expectNoSidewaysScroll } from './keyboard';

const base = () => process.env.E2E_BASE_URL!;
const mailbox = () => process.env.E2E_MAILDEV_URL!;
const PASSWORD = 'Abacus-Ledger-1642';

const BLAISE = {
  firstName: 'Blaise',
  lastName: 'Pascal',
  businessName: 'Pascaline Calculators',
  phone: '2125550165',
  password: PASSWORD,
};
const fillSignUp = (page: Page, email: string) => fillSignUpAs(page, email, BLAISE);

/** Opens the side menu and presses 'Sign out' (a button or a link, by width): the dialog asks. */
async function askToSignOut(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('button', { name: 'Sign out' })
    .or(page.getByRole('link', { name: 'Sign out' }))
    .click();
}

/** Fills /login's form and presses 'Log in'. */
async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('sign up with the emailed code, sign out through the dialog, log in again', async ({ page }, info) => {
  const email = `account-${info.project.name}-${Date.now()}@example.com`;
  await page.goto(`${base()}/`);
  await expect(page).toHaveURL(/\/sign-up$/);
  await fillSignUp(page, email);
  const since = new Date();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('Resend code in', { exact: false })).toBeVisible();

  const code = await codeFromMail(mailbox(), email, since);
  await page.getByLabel('Confirmation code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Annual revenue and amount requested' })).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/financial-${info.project.name}.png`, fullPage: true });

  // Signed in: the anonymous pages send the applicant back to their stage.
  await page.goto(`${base()}/login`);
  await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });

  await askToSignOut(page);
  await expect(page.getByText('Are you sure you want to log out?')).toBeVisible();
  await page.getByRole('button', { name: 'No, stay logged in' }).click();
  await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });
  await askToSignOut(page);
  await page.getByRole('button', { name: 'Yes, log me out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(`${base()}/financial`);
  await expect(page).toHaveURL(/\/sign-up$/);

  await page.goto(`${base()}/login`);
  await logIn(page, email, 'Wrong-Password-00');
  await expect(page.getByRole('alert')).toContainText('Incorrect username or password.');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });
});

test('a long email on the code step wraps inside the card at 390 px', async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // 60 characters, one unbroken word to the browser.
  const email = `a-very-long-mailbox-name-${info.project.name}-${Date.now()}@example.com`.padStart(60, 'x');
  await page.goto(`${base()}/sign-up`);
  await fillSignUp(page, email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const shown = page.locator('strong', { hasText: email });
  await expect(shown).toBeVisible();
  await page.screenshot({ path: `test-results/shots/code-step-long-email-${info.project.name}.png` });
  const card = (await page.locator('.card').filter({ has: shown }).boundingBox())!;
  const words = (await shown.boundingBox())!;
  expect(words.x + words.width, 'the email inside its card').toBeLessThanOrEqual(card.x + card.width);
  expect(card.x + card.width, 'the card inside the screen').toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page, 'the code step with a 60-character email');
});

test('an unconfirmed account logging in gets a new code and confirms', async ({ page }, info) => {
  const email = `late-${info.project.name}-${Date.now()}@example.com`;
  await page.goto(`${base()}/sign-up`);
  await fillSignUp(page, email);
  const since = new Date();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // The applicant leaves before confirming and signs in instead: the code step comes back (the resend
  // within 30 seconds is refused, and the code already mailed stays good).
  await page.goto(`${base()}/login`);
  await logIn(page, email, PASSWORD);
  await expect(page.getByLabel('Confirmation code')).toBeVisible();
  const code = await codeFromMail(mailbox(), email, since);
  await page.getByLabel('Confirmation code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });
});

test('forgot password end to end', async ({ page }, info) => {
  const email = `reset-${info.project.name}-${Date.now()}@example.com`;
  await signUp(page, email, BLAISE);
  await page.context().clearCookies();

  await page.goto(`${base()}/forgot-password`);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Email is requiured')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  const since = new Date();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('one time code is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByText('Re-enter password', { exact: true }).last()).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/reset-${info.project.name}.png`, fullPage: true });

  await page.getByLabel('One time code').fill(await codeFromMail(mailbox(), email, since, 'password reset'));
  await page.getByLabel('New password').fill('Fresh-Abacus-2024');
  await page.getByLabel('Re-enter password').fill('Fresh-Abacus-2024');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password change successful!')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, 'Fresh-Abacus-2024');
  await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });
});

test('a session that ended: a reload and a followed link say so at /login, in the link’s language, and come back', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const email = `ended-${info.project.name}-${Date.now()}@example.com`;
  await signUp(page, email, BLAISE);
  // Fully ended: no session and no refresh cookie either.
  await page.context().clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByText('You were signed out; your answers are kept.')).toBeVisible();

  // Later, a link from a French email: the same explanation, in French, and the link's page after login.
  await page.goto(`${base()}/status?lng=fr-CA`);
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByText('Votre session a pris fin; vos réponses sont conservées.')).toBeVisible();
  await page.screenshot({ path: `test-results/shots/session-ended-fr-${info.project.name}.png`, fullPage: true });
  await page.getByLabel('Courriel').fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/status\?lng=fr-CA$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Où en est ma demande' })).toBeVisible();
});
