import { expect, test } from '@playwright/test';
import { DOROTHY, signUp } from './journey.steps';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './keyboard';

const base = () => process.env.E2E_BASE_URL!;

test('Delete my account from the menu: what goes, in both languages, a wrong password refused, then signed out for good', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const email = `erase-${info.project.name}-${Date.now()}@example.com`;
  await signUp(page, email);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/delete-account$/);
  await expect(page.getByText(/Your account and everything we hold about you will be deleted/)).toBeVisible();
  await expectNoSidewaysScroll(page, '/delete-account');
  await expectNoAxeViolations(page, '/delete-account');

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Supprimer mon compte' })).toBeVisible();
  await expect(page.getByText(/Votre compte et tout ce que nous détenons/)).toBeVisible();
  await expectNoAxeViolations(page, '/delete-account en français');
  await page.getByRole('button', { name: 'English' }).click();

  await page.getByLabel('Password').fill('Not-My-Password-7');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Incorrect username or password.')).toBeVisible();
  await page.getByLabel('Password').fill(DOROTHY.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is being deleted' })).toBeVisible();
  await expectNoAxeViolations(page, 'the deletion under way');

  // The session is over: the journey asks for a sign-in, and the old password opens nothing.
  await page.goto(`${base()}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DOROTHY.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Incorrect username or password.')).toBeVisible();
});
