import { expect, test } from '@playwright/test';
import { signUp } from './journey.steps';

// A Canadian BN with its program suffix is typeable and accepted end to end.
test('a Canadian BN with its program suffix (123456789RT0001) is typed, saved and sent to the CRM', async ({
  page,
}, info) => {
  const email = `bn-${info.project.name}-${Date.now()}@example.com`;
  await signUp(page, email, {
    firstName: 'Mary',
    lastName: 'Jackson',
    businessName: 'Maple Wind Tunnels Ltd',
    phone: '4165550100',
    password: 'Wind-Tunnel-1958',
  });
  await page.getByLabel('Annual revenue').fill('900000');
  await page.getByLabel('Amount requested').fill('80000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Yes', { exact: true }).click();
  await page.getByLabel('When did your business start?').fill('2017-06-01');
  await page.getByLabel('How do you plan to use the loan proceeds?').selectOption('Working Capital');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Country of business').selectOption('CA');
  await page.getByLabel('BN').pressSequentially('123456789RT0001');
  await expect(page.getByLabel('BN')).toHaveValue('123-456-789RT0001');
  await page.getByLabel('Legal entity').selectOption('Corporation');
  await page.getByRole('group', { name: 'Do you accept credit cards?' }).getByText('Yes').click();
  await page.getByRole('group', { name: 'Do you have open business loans?' }).getByText('No').click();
  await page.getByRole('group', { name: 'Does the business own real estate?' }).getByText('Yes').click();
  await page.getByLabel('Average daily balance').fill('5000');
  await page.getByLabel('Business phone').pressSequentially('4165550199');
  await page.getByLabel('Business address').fill('100 King St W');
  await page.getByLabel('City').fill('Toronto');
  await page.getByLabel('Province / territory').selectOption('ON');
  await page.getByLabel('Postal code').fill('M5X 1A9');
  await page.getByLabel('Industry').selectOption('Food Services and Drinking Places');
  await page.getByLabel('Business description (optional)').fill('Wind tunnel testing for small aircraft');
  await page.screenshot({ path: `test-results/screenshots/business-bn-${info.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/owners$/);

  const crm = process.env.E2E_CRM_URL!;
  const lead = async () =>
    ((await (await fetch(`${crm}/__admin/sobjects/Lead`)).json()) as Record<string, unknown>[]).find(
      (l) => l.Email === email,
    );
  await expect.poll(async () => (await lead())?.EIN__c, { timeout: 20_000 }).toBe('123-456-789RT0001');
});
