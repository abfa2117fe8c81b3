// The same application open in two windows of one browser (one session, one localStorage): the window that
// saves second, from the answers both loaded, is refused with the message and shown the first one's
// answers; nothing is written over them, and its next save, made from them, goes through.
import { expect, test } from '@playwright/test';
import { base, sessionClient, signUp } from './journey.steps';

test('two windows on /financial: the later save is refused and shows the earlier one’s answers', async ({
  page,
  context,
}, info) => {
  test.setTimeout(180_000);
  const email = `two-windows-${info.project.name}-${Date.now()}@example.com`;
  await signUp(page, email);
  const other = await context.newPage();
  await other.goto(`${base()}/financial`);
  await expect(other.getByLabel('Annual revenue')).toBeVisible();

  await page.getByLabel('Annual revenue').fill('500000');
  await page.getByLabel('Amount requested').fill('80000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/business$/, { timeout: 15_000 });

  await other.getByLabel('Annual revenue').fill('900000');
  await other.getByLabel('Amount requested').fill('80000');
  await other.getByRole('button', { name: 'Continue' }).click();
  await expect(other.getByText('This was changed in another window')).toBeVisible();
  await expect(other.getByLabel('Annual revenue')).toHaveValue('$500,000');
  await expect(other).toHaveURL(/\/financial$/);
  await other.screenshot({ path: `test-results/shots/two-windows-refused-${info.project.name}.png`, fullPage: true });

  const client = sessionClient(page, '/financial');
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  const business = async () => (await client.get(`/business/application/${applicationId}`)).body;
  expect(await business()).toMatchObject({ annualRevenue: 500000 });

  // Made from the answers now shown, the next save is written.
  await other.getByLabel('Annual revenue').fill('750000');
  await other.getByRole('button', { name: 'Continue' }).click();
  await expect(other).toHaveURL(/\/business$/, { timeout: 15_000 });
  expect(await business()).toMatchObject({ annualRevenue: 750000 });
});
