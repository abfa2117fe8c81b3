// "Connect your bank" at /bank-statements runs the real react-plaid-link against the Plaid
// stand-in (its Link page, the sandbox institution, user_good / pass_good); the api exchanges the public
// token, fetches the asked months' statements (PRODUCT_NOT_READY first: "still preparing") and puts each in
// its slot marked "From your bank", through the upload's path: the CRM gets them as it gets uploads. The
// English walk takes Plaid's MFA login (a device code; a wrong one refused with Plaid's words) and Account
// Select by keyboard; only the chosen checking account's statements come in (one a slot).
import { expect, test, type Page } from '@playwright/test';
import { connectSandboxBank, NEW_YORK, openLink, watchStatusLines } from './bank.steps';
import { leadOf, offersToBooking, records, toBankStatements } from './journey.steps';

/** Link by keyboard: the MFA login, a wrong device code then the right one, and the checking account chosen. */
async function connectWithDeviceCode(page: Page) {
  const link = await openLink(page, 'Connect your bank');
  await link.getByLabel('Username').fill('user_good');
  await link.getByLabel('Password').fill('mfa_device');
  await link.getByLabel('Password').press('Enter');
  const code = link.getByLabel('Code');
  await code.fill('0000');
  await code.press('Enter');
  await expect(link.getByRole('alert')).toHaveText('The provided MFA responses were not correct. Please try again.');
  await link.getByLabel('Code').fill('1234');
  await link.getByLabel('Code').press('Enter');
  await expect(link.getByRole('group', { name: 'Choose the accounts to share' })).toBeVisible();
  await link.getByRole('checkbox', { name: /Plaid Business Checking/ }).focus();
  await page.keyboard.press('Space');
  await expect(link.getByRole('checkbox', { name: /Plaid Business Checking/ })).toBeChecked();
  await expect(link.getByRole('checkbox', { name: /Plaid Business Savings/ })).not.toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(link.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.keyboard.press('Enter');
}

test('connecting the sandbox bank fills the statement slots, and the application goes on to submission', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const email = `bank-${info.project.name}-${Date.now()}@example.com`;
  // A New York business: the product spec asks four months of statements from it, so four slots to fill.
  await toBankStatements(page, email, NEW_YORK);
  const slots = page.locator('.doc-slot');
  // New York asks for four months (toBankStatements).
  const months = 4;
  await expect(slots).toHaveCount(months);

  const statusLines = await watchStatusLines(page);
  await connectWithDeviceCode(page);
  await expect(page.getByText('Your bank statements are in.')).toBeVisible({ timeout: 30_000 });
  // The stand-in answers PRODUCT_NOT_READY for a moment after the link: the page said it was fetching, or that
  // the bank was still preparing them and it kept trying, before it filled the slots.
  expect(await statusLines()).toContainEqual(
    expect.stringMatching(
      /^(Fetching your statements from your bank…|Your bank is still preparing your statements\. We will keep trying…)$/,
    ),
  );
  for (let i = 0; i < months; i++) {
    // One account shared: one statement a month.
    await expect(slots.nth(i).getByText('From your bank')).toHaveCount(1);
    await expect(slots.nth(i)).not.toHaveClass(/\bneeds-attention\b/);
  }
  await expect(page.getByText('Connected to First Platypus Bank.')).toBeVisible();
  // Once connected, the button says what it does.
  await expect(page.getByRole('button', { name: 'Fetch statements again' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect your bank' })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `test-results/shots/bank-connect-en-1280-${info.project.name}.png`, fullPage: true });

  // Disconnect deletes the token; the statements stay.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText(/Your bank is disconnected/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect your bank' })).toBeVisible();
  await expect(slots.getByText('From your bank')).toHaveCount(months);

  await page.getByRole('button', { name: 'Proceed' }).click();
  // The stand-in's statement PDFs have no rows to read: the bank's transactions and balance say what each
  // offer costs instead of "could not read".
  await expect(page.getByText('Against your bank statements').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/(About|Less than) \d+(\.\d)?\s?% of what comes in each day/).first()).toBeVisible();
  await expect(page.getByText(/on an average business day, \$[\d,.]+ comes in/)).toBeVisible();
  await expect(page.getByText(/could not read your bank statements well enough/)).toHaveCount(0);
  await page.route('https://assets.calendly.com/**', (route) => route.abort());
  await offersToBooking(page, /^12-month term$/, 'both', `bank-${info.project.name}`);

  // The CRM holds the statements from the bank and the two documents, as it holds uploads.
  const opportunityId = String((await leadOf(email))?.ConvertedOpportunityId);
  await expect
    .poll(
      async () =>
        (await records('ContentVersion'))
          .filter((v) => v.FirstPublishLocationId === opportunityId)
          .map((v) => String(v.PathOnClient ?? v.Title))
          .sort(),
      { timeout: 30_000 },
    )
    .toHaveLength(months + 2);
});

test('in French at 390 px: connect your bank, the slots say where their statements came from', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await toBankStatements(page, `bank-fr-${info.project.name}-${Date.now()}@example.com`, NEW_YORK);
  await page.getByRole('button', { name: 'Français' }).click();
  // The quicker way comes before the slots: on the phone's first screen, not a long scroll down.
  const connect = page.getByRole('button', { name: 'Connecter votre banque' });
  await expect(connect).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await connect.boundingBox())!;
  expect(box.y + box.height, 'the bank connection within the first 844 px').toBeLessThan(844);
  expect(box.y).toBeLessThan((await page.locator('.doc-slot').first().boundingBox())!.y);
  await connectSandboxBank(page, 'Connecter votre banque');
  await expect(page.getByText('Vos relevés bancaires sont arrivés.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.doc-slot').first().getByText('De votre banque')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Récupérer les relevés de nouveau' })).toBeVisible();
  await page.screenshot({ path: `test-results/shots/bank-connect-fr-390-${info.project.name}.png`, fullPage: true });
});
