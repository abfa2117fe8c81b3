import { expect, test } from '@playwright/test';
import { Client, Connection } from '@temporalio/client';
import { MongoClient } from 'mongodb';
import { codeFromMail } from '../support/api-client';

const base = () => process.env.E2E_BASE_URL!;

test('sign-up step 1 shows every validation message', async ({ page }) => {
  await page.goto(`${base()}/sign-up`);
  await expect(page.getByRole('heading', { name: 'Apply for a Business Loan' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Phone').fill('555');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email@example.xyz');
  await page.getByLabel('Password', { exact: true }).fill('one password');
  await page.getByLabel('Confirm password').fill('another one');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Invalid phone number format')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  // A number of another country is kept as it was pasted, and refused with what to do.
  await page.getByLabel('Phone').fill('+44 20 7946 0958');
  await expect(page.getByLabel('Phone')).toHaveValue('+44 20 7946 0958');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('Please enter a US or Canadian phone number, like (514) 555-0100.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Already have an account? Login!' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a submitted sign-up lands in MongoDB, then once confirmed in Temporal and the CRM stand-in', async ({
  page,
}, info) => {
  const email = `e2e-${info.project.name}-${Date.now()}@example.com`;
  await page.goto(`${base()}/sign-up`);
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Business name').fill('Compiler Works Inc');
  // Typed the international way (once read as (121) 255-5012): the same number, kept as E.164.
  await page.getByLabel('Phone').pressSequentially('+1 (212) 555-0123');
  await expect(page.getByLabel('Phone')).toHaveValue('(212) 555-0123');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Navy-Cobol-1959');
  await page.getByLabel('Confirm password').fill('Navy-Cobol-1959');
  await page.screenshot({ path: `test-results/screenshots/sign-up-${info.project.name}.png`, fullPage: true });
  const since = new Date();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/sign-up-sent-${info.project.name}.png`, fullPage: true });

  const mongo = await MongoClient.connect(process.env.E2E_MONGODB_URI!);
  const connection = await Connection.connect({ address: process.env.E2E_TEMPORAL_ADDRESS! });
  try {
    const db = mongo.db();
    const user = await db.collection('users').findOne({ userName: email });
    expect(user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', phone: '+12125550123' });
    const application = await db.collection('applications').findOne({ userId: user!._id });
    expect(application).toMatchObject({ applicationStatus: 'Created', topUp: 0 });
    const applicationId = application!._id.toHexString();
    expect(await db.collection('stages').findOne({ applicationId: application!._id })).toMatchObject({
      pageName: 'FINANCIAL',
      path: '/financial',
    });

    // Not yet confirmed: no workflow (nor its lead and reminders) until the emailed code comes back.
    const client = new Client({ connection });
    const handle = client.workflow.getHandle(`application-${applicationId}`);
    await expect(handle.describe()).rejects.toThrow(/not found/i);
    await page.getByLabel('Confirmation code').fill(await codeFromMail(process.env.E2E_MAILDEV_URL!, email, since));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });
    expect((await handle.describe()).status.name).toBe('RUNNING');

    await expect
      .poll(async () => (await db.collection('applications').findOne({ _id: application!._id }))?.sfLeadId, {
        timeout: 20_000,
      })
      .toMatch(/^00Q/);
    const leads = (await (await fetch(`${process.env.E2E_CRM_URL}/__admin/sobjects/Lead`)).json()) as Record<
      string,
      unknown
    >[];
    expect(leads.find((l) => l.Email === email)).toMatchObject({ FirstName: 'Grace', Company: 'Compiler Works Inc' });
  } finally {
    await connection.close();
    await mongo.close();
  }
});

test('unknown routes show 404', async ({ page }) => {
  await page.goto(`${base()}/no-such-page`);
  await expect(page.getByText('404')).toBeVisible();
});
