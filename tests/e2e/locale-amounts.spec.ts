import { expect, test } from '@playwright/test';
import { MongoClient } from 'mongodb';
import { codeFromMail } from '../support/api-client';
import { base } from './journey.steps';

// In French, '450 000,50' typed into 'Revenus annuels' was read as $45,000,050, passed
// validation and was saved. Amounts are now typed and shown the French way, and what could be read two
// ways is refused with a message. Run it with --project mobile (390 px); it passes at 1280 px too.
test.use({ locale: 'fr-CA' });

/** Intl writes '450 000,50 $' with no-break spaces (U+00A0); a person reads them as spaces. */
const spaced = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

test('fr-CA: 450 000,50 typed on a phone is 450000.5, shown as 450 000,50 $; 1.234 and 1,234 are refused', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const p = info.project.name;
  const email = `montants-${p}-${Date.now()}@example.com`;

  await page.goto(`${base()}/sign-up`);
  await page.getByLabel('Prénom').fill('Gabrielle');
  await page.getByLabel('Nom de famille').fill('Roy');
  await page.getByLabel('Nom de l’entreprise').fill('Boulangerie Roy inc.');
  await page.getByLabel('Téléphone').pressSequentially('5145550123');
  await page.getByLabel('Courriel').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Baguette-Dorée-1987');
  await page.getByLabel('Confirmer le mot de passe').fill('Baguette-Dorée-1987');
  const since = new Date();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page
    .getByLabel('Code de confirmation')
    .fill(await codeFromMail(process.env.E2E_MAILDEV_URL!, email, since), { timeout: 15_000 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });

  const revenue = page.getByLabel('Revenus annuels');
  const requested = page.getByLabel('Montant demandé');
  await expect(revenue).toHaveAttribute('placeholder', '0\u00a0$');

  // Ambiguous entries: a dot in a French amount, and a comma that could separate thousands.
  await revenue.pressSequentially('1.234');
  await requested.fill('1,234');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText(/En français, les cents suivent une virgule.*Le point n’est pas accepté/)).toBeVisible();
  // Three digits after the comma: thousands or cents? Refused with the way to write either.
  await expect(page.getByText(/Écrivez 450\s000 ou 450000\s: la virgule marque les cents/)).toBeVisible();
  await expect(requested).toHaveValue('1,234');
  await expect(page).toHaveURL(/\/financial$/);
  await page.screenshot({ path: `test-results/shots/locale-amounts-refused-fr-${p}.png`, fullPage: true });

  // Typed key by key the French way, with a space between the thousands and a comma before the cents.
  await revenue.clear();
  await revenue.pressSequentially('450 000,50');
  await requested.clear();
  await requested.pressSequentially('75 000,25');
  expect(spaced(await revenue.inputValue())).toBe('450 000,50 $');
  expect(spaced(await requested.inputValue())).toBe('75 000,25 $');
  await expect(page.getByText(/la virgule marque les cents/)).toHaveCount(0);
  await page.screenshot({ path: `test-results/shots/locale-amounts-typed-fr-${p}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/business$/);

  // Saved as the numbers typed, not a hundred times them.
  const mongo = await MongoClient.connect(process.env.E2E_MONGODB_URI!);
  try {
    const db = mongo.db();
    const user = await db.collection('users').findOne({ userName: email });
    const application = await db.collection('applications').findOne({ userId: user!._id });
    const business = await db.collection('businesses').findOne({ applicationId: application!._id });
    expect(business).toMatchObject({ annualRevenue: 450000.5, amountRequested: 75000.25 });
  } finally {
    await mongo.close();
  }

  // Read back after a reload: the French way; then in English, the English way.
  await page.goto(`${base()}/financial`);
  await page.reload();
  await expect(revenue).toBeVisible();
  expect(spaced(await revenue.inputValue())).toBe('450 000,50 $');
  expect(spaced(await requested.inputValue())).toBe('75 000,25 $');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByLabel('Annual revenue')).toHaveValue('$450,000.50');
  await expect(page.getByLabel('Amount requested')).toHaveValue('$75,000.25');
  await page.screenshot({ path: `test-results/shots/locale-amounts-en-${p}.png`, fullPage: true });
});
