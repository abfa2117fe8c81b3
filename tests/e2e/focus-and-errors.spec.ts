// Errors a person can act on (a dropped connection, a failed upload),
// focus on every in-page step change and in the side menu, the 51 % refusal in view, the code step's email,
// Back around the signature, and forms that keep their error summary, titles and borders true.
import { expect, test, type Page, type Route } from '@playwright/test';
import { codeFromMail } from '../support/api-client';
import { ownerAnswers, saveAnswers, stepOn } from '../support/journey';
import { holdFor } from '../support/until';
import { base, DOROTHY, fillSignUp, pdf, sessionClient, signUp } from './journey.steps';

const maildev = () => process.env.E2E_MAILDEV_URL!;
const NETWORK_EN = 'We could not reach our server. Check your connection and try again.';
const NETWORK_FR = 'Nous n’avons pas pu joindre notre serveur. Vérifiez votre connexion et réessayez.';
const ERROR_RED = 'rgb(180, 35, 24)';

/** Signs up, then saves every answer through the api and moves the stage on `steps` times (4: /signature). */
async function signUpAndWalk(page: Page, tag: string, steps: number, owners?: Record<string, unknown>[]) {
  const email = `${tag}-${Date.now()}@example.com`;
  await signUp(page, email);
  const client = sessionClient(page);
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  await saveAnswers(
    client,
    applicationId,
    owners?.map((o) => ({ ...ownerAnswers(email), ...o })),
  );
  for (let i = 0; i < steps; i++) expect((await stepOn(client, applicationId)).status).toBe(200);
  return email;
}

const shot = (page: Page, name: string, info: { project: { name: string } }) =>
  page.screenshot({ path: `test-results/shots/focus-${name}-${info.project.name}.png`, fullPage: true });

test('the code step: focus, the email in full and a way to correct it; a dropped save says what to do and retries; business step 2', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const email = `focus-code-${info.project.name}-${Date.now()}@example.com`;
  const typo = `typo-${email}`;
  await page.goto(`${base()}/sign-up`);
  await fillSignUp(page, typo);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The code step replaces the form: focus on its heading, the whole email shown, a way back to fix it.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeFocused();
  await expect(page.locator('strong', { hasText: typo })).toBeVisible();
  await shot(page, 'code-step-en', info);
  await page.getByRole('button', { name: 'Wrong email? Change it' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(typo);
  await expect(page.getByLabel('First name')).toHaveValue(DOROTHY.firstName);
  await page.getByLabel('Email', { exact: true }).fill(email);
  const since = new Date();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('strong', { hasText: email })).toBeVisible();
  await page.getByLabel('Confirmation code').fill(await codeFromMail(maildev(), email, since));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });

  // A dropped connection on the save: the message says what to do, in the applicant's language; the same
  // button then works.
  await page.getByLabel('Annual revenue').fill('1200000');
  await page.getByLabel('Amount requested').fill('150000');
  const drop = (route: Route) =>
    route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.fallback();
  await page.route('**/api/business/**', drop);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NETWORK_EN })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NETWORK_FR })).toBeVisible();
  await shot(page, 'network-fr', info);
  await page.getByRole('button', { name: 'English' }).click();
  await page.unroute('**/api/business/**', drop);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/business$/);

  // Business step 2 is drawn in place of step 1: focus and the title follow it.
  await page.getByText('Yes', { exact: true }).click();
  await page.getByLabel('When did your business start?').fill('2019-04-01');
  await page.getByLabel('How do you plan to use the loan proceeds?').selectOption('Working Capital');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Business details' })).toBeFocused();
  await expect(page).toHaveTitle('Business details – Fundwise');

  // The error summary follows the fields; a select in error has the red border.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  const summary = page.locator('.error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: 'Legal entity' })).toBeVisible();
  await expect(page.getByLabel('Legal entity')).toHaveCSS('border-top-color', ERROR_RED);
  await shot(page, 'summary-en', info);
  await page.getByLabel('Legal entity').selectOption('LLC');
  await expect(summary.getByRole('link', { name: 'Legal entity' })).toHaveCount(0);
  await expect(summary.getByRole('link', { name: 'EIN / Tax ID' })).toBeVisible();
  await expect(page.getByLabel('Legal entity')).not.toHaveCSS('border-top-color', ERROR_RED);
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page).toHaveTitle(/– Fundwise$/);
  await expect(page).not.toHaveTitle('Business details – Fundwise');
  await expect(summary.getByRole('link', { name: 'EIN / numéro d’identification fiscale' })).toBeVisible();
  await shot(page, 'summary-fr', info);
});

test('the side menu holds focus while open; Escape gives it back to the menu button', async ({ page }) => {
  await page.goto(`${base()}/sign-up`);
  // After the whole app's code has come (loaded once the first visit's page has shown, so that page comes first): one run
  // in three on a loaded machine lost the menu's focus while it arrived (docs/testing.md, 'What the tests cannot see').
  await page.waitForLoadState('networkidle');
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.click();
  const menu = page.locator('#side-menu');
  const controls = menu.locator('a, button');
  const count = await controls.count();
  await expect(controls.first()).toBeFocused();
  await expect(page.locator('main')).toHaveAttribute('inert', '');
  for (let i = 1; i < count; i++) await page.keyboard.press('Tab');
  await expect(controls.last()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(controls.first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(controls.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await expect(page.locator('main')).not.toHaveAttribute('inert');
});

test('the 51 % refusal comes into view and takes focus', async ({ page }, info) => {
  test.setTimeout(120_000);
  await signUpAndWalk(page, `focus-owners-${info.project.name}`, 3);
  await page.goto(`${base()}/owners`);
  await expect(page.getByRole('heading', { name: 'Business ownership information' })).toBeVisible();
  // The masked values on file are typed again (re-saving them untouched is another item of the issue).
  await page.getByLabel('Date of birth').fill('1980-09-20');
  await page.getByLabel('SSN').fill('');
  await page.getByLabel('SSN').pressSequentially('123456789');
  await page.getByLabel('Percent ownership').fill('40');
  await page.getByRole('button', { name: 'Proceed' }).click();
  const refusal = page.getByText('If your percent ownership is below 51% we require a second owner.');
  await expect(refusal).toBeFocused();
  await expect(refusal).toBeInViewport();
  await shot(page, 'owners-refusal-en', info);
});

test('an incomplete Proceed on /owners: the error summary comes into view on a phone and takes focus', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpAndWalk(page, `focus-owners-summary-${info.project.name}`, 3);
  await page.goto(`${base()}/owners`);
  await expect(page.getByRole('heading', { name: 'Business ownership information' })).toBeVisible();
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Proceed' }).click();
  const summary = page.locator('.error-summary');
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  await shot(page, 'owners-summary-en', info);
  await summary.getByRole('link', { name: 'Last name' }).click();
  await expect(page.getByLabel('Last name')).toBeFocused();
});

test('Back from the signing page and from the statements; a failed upload retried or removed; focus on the offer steps', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  await signUpAndWalk(page, `focus-docs-${info.project.name}`, 4);
  // Back from the signing page returns to the page before, not to /signature to be sent on again. The move
  // onto the signature made the request: /status waits on the applicant's own signature, with the way back.
  await page.goto(`${base()}/status`);
  await expect(page.getByText('Waiting on Ada King’s signature.')).toBeVisible();
  await page.getByRole('link', { name: 'Continue your application' }).click();
  await expect(page.getByText('Box Sign (local stand-in)')).toBeVisible({ timeout: 20_000 });
  await page.goBack();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Where do I stand' })).toBeVisible();
  await page.goto(`${base()}/signature`);
  await expect(page.getByText('Box Sign (local stand-in)')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page).toHaveURL(/\/bank-statements$/, { timeout: 30_000 });

  // The browser's Back from the statements to the address Box sent back to: it says signed and stays.
  await page.goBack();
  await expect(page).toHaveURL(/\/signature\?isFinished=true/);
  await expect(page.getByText('Your application is signed. Continue to upload your bank statements.')).toBeVisible({
    timeout: 20_000,
  });
  await holdFor(1_500, 'the page would have moved on by itself within this time');
  await expect(page).toHaveURL(/\/signature\?isFinished=true/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bank-statements$/, { timeout: 20_000 });

  // Back on the statements: the signature step, which says it is signed and stays; Continue comes back.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/signature$/);
  await expect(page.getByText('Your application is signed. Continue to upload your bank statements.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/signature$/);
  await shot(page, 'signed-en', info);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bank-statements$/, { timeout: 20_000 });

  // An upload that cannot reach the server: the row says what to do; Try again sends it; Remove drops it.
  const slot = page.locator('.doc-slot').first();
  const input = slot.getByLabel(/PDF$/);
  const listed = slot.locator('.doc-file-name').filter({ hasText: /\d{4}\.pdf$/ });
  const drop = (route: Route) => route.abort('internetdisconnected');
  await page.route('**/api/file/s3', drop);
  await input.setInputFiles(pdf('statement.pdf'));
  await expect(slot.getByRole('alert')).toHaveText(NETWORK_EN, { timeout: 20_000 });
  await page.unroute('**/api/file/s3', drop);
  await slot.getByRole('button', { name: 'Try again to upload statement.pdf' }).click();
  await expect(listed).toBeVisible({ timeout: 20_000 });
  await page.route('**/api/file/s3', drop);
  await input.setInputFiles(pdf('second.pdf'));
  await expect(slot.getByRole('alert')).toHaveText(NETWORK_EN, { timeout: 20_000 });
  await shot(page, 'upload-failed-en', info);
  await slot.getByRole('button', { name: 'Remove second.pdf' }).click();
  await expect(slot.getByText('second.pdf')).toHaveCount(0);
  await expect(input).toBeFocused();
  await page.unroute('**/api/file/s3', drop);
  // Removing a stored file: its row goes, focus goes back to the slot's upload control.
  await slot.getByRole('button', { name: /^Remove .*\d{4}\.pdf$/ }).click();
  await expect(listed).toHaveCount(0);
  await expect(input).toBeFocused();

  await input.setInputFiles(pdf('statement.pdf'));
  await expect(listed).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('button', { name: 'Yes, proceed' }).click();
  await expect(page).toHaveURL(/\/offers$/, { timeout: 30_000 });
  const card = page.getByRole('article').first();
  await card.getByRole('button', { name: 'Select Offer' }).click({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks for Selecting Your Offer' })).toBeFocused({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Schedule a call with my agent' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Two last documents' })).toBeFocused();
  // The documents are submitted by now: a file stored here cannot be removed, so no Remove is offered.
  await page.getByLabel('Voided check PDF').setInputFiles(pdf('check.pdf'));
  await expect(page.getByText('voided-check.pdf')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Remove voided-check.pdf' })).toHaveCount(0);
});
