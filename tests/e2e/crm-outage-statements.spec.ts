// The CRM down when Proceed is pressed on /bank-statements, and for longer than the submission waits for
// the lead's conversion: the workflow takes the statements and moves the journey on to /offers with the
// conversion owed, and the page follows it there without a refusal (the journey machine reads "statements
// submitted" from the api, not from an opportunity id the outage delays). A reload stays on /offers. Once
// the CRM is back the workflow converts the lead, and the offers go through to the booking view.
import { expect, test, type Page } from '@playwright/test';
import { until } from '../support/until';
import { crm, leadOf, offersToBooking, pdf, records, toBankStatements } from './journey.steps';

/** OFFERS_NOT_READY's English: what the page said, falsely, while the CRM was down. */
const FALSE_REFUSAL = 'Please submit your bank statements first';
const PICK = "You're Pre-Qualified. Now Pick Your Path.";

const crmSwitch = async (to: 'down' | 'up') =>
  expect((await fetch(`${crm()}/__admin/${to}`, { method: 'POST' })).status).toBe(200);

/** On /offers, choosing the offer, with no refusal shown (within `ms`). */
async function expectOffersWithoutRefusal(page: Page, ms = 30_000) {
  await expect(page).toHaveURL(/\/offers$/, { timeout: ms });
  await expect(page.getByRole('heading', { name: PICK })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(FALSE_REFUSAL)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test('the CRM down at Proceed on /bank-statements: on to /offers without a refusal, and the offers go through once it is back', async ({
  page,
}, info) => {
  test.setTimeout(600_000);
  const email = `crm-outage-${info.project.name}-${Date.now()}@example.com`;
  const { client } = await toBankStatements(page, email);
  const application = async () => (await client.get('/auth/user')).body.data.applications[0];
  // The lead is made before the outage: only its conversion meets the CRM down.
  await until(
    () => leadOf(email),
    (lead) => !!lead,
    { ms: 30_000, what: 'the lead' },
  );
  const slot = page.locator('.doc-slot').nth(0);
  await slot.getByLabel(/PDF$/).setInputFiles(pdf('statement.pdf'));
  await expect(slot.locator('.doc-file-name').filter({ hasText: /\d{4}\.pdf$/ })).toBeVisible({ timeout: 20_000 });

  await crmSwitch('down');
  try {
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('button', { name: 'Yes, proceed' }).click();
    // The submission gives up waiting for the conversion (the CRM is still down: three tries of the
    // worker's call, some 45 s in all) and the journey goes on.
    await expectOffersWithoutRefusal(page, 90_000);
    const during = await application();
    expect(during).toMatchObject({ statementsSubmitted: true, stage: { path: '/offers' } });
    expect(during.sfOpportunityId).toBeUndefined();
    await page.screenshot({ path: `test-results/screenshots/crm-outage-offers-${info.project.name}.png` });
    // Reloaded in the same browser, still during the outage: /offers again, no refusal.
    await page.reload();
    await expectOffersWithoutRefusal(page);
    expect((await application()).sfOpportunityId).toBeUndefined();
  } finally {
    await crmSwitch('up');
  }

  // The CRM back: the conversion the workflow owes comes after its back-off, then the offers go through.
  const after = await until(application, (a) => !!a.sfOpportunityId, {
    ms: 120_000,
    what: 'the lead converted after the outage',
  });
  expect(after).toMatchObject({ statementsSubmitted: true });
  const opportunities = (await records('Opportunity')).filter((o) => o.Id === after.sfOpportunityId);
  expect(opportunities).toHaveLength(1);
  await page.route('https://assets.calendly.com/**', (route) => route.abort());
  await offersToBooking(page, /^12-month term$/, 'both', `crm-outage-${info.project.name}`);
  expect((await application()).applicationStatus).toBe('Submitted');
});
