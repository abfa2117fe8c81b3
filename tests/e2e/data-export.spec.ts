// "Download my data" from the side menu: asked for with the password (a wrong one refused), the email's link
// opened, the archive downloaded through the api; axe-checked in English and French at both viewports.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DOROTHY, base, signUp } from './journey.steps';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './keyboard';

const maildev = () => process.env.E2E_MAILDEV_URL!;

async function checkScreen(page: Page, what: string) {
  await expectNoAxeViolations(page, what);
  await expectNoSidewaysScroll(page, what);
}

/** The link of the archive's email to `to`, once it has come. */
async function archiveLink(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${maildev()}/api/email`)).json()) as {
          subject: string;
          text: string;
          to: { address: string }[];
        }[];
        const mail = mails.find((m) => m.to[0]?.address === to && m.subject === 'Your data is ready to download');
        link = mail?.text.match(/https?:\/\/\S+\/my-data\?\S+/)?.[0] ?? '';
        return link;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return link;
}

test('Download my data: from the menu, confirmed by the password, downloaded from the email’s link', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  const email = `export-${info.project.name}-${Date.now()}@example.com`;
  await signUp(page, email);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Download my data' }).click();
  await expect(page).toHaveURL(/\/my-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Download my data' })).toBeVisible();
  await checkScreen(page, '/my-data');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Télécharger mes données' })).toBeVisible();
  await checkScreen(page, '/my-data (fr-CA)');
  await page.getByRole('button', { name: 'English' }).click();

  await page.getByLabel('Password').fill('Not-My-Password-7');
  await page.getByRole('button', { name: 'Prepare my data' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
  await checkScreen(page, '/my-data, a wrong password');
  await page.getByLabel('Password').fill(DOROTHY.password);
  await page.getByRole('button', { name: 'Prepare my data' }).click();
  // The page follows the export: a quick one may be ready before the first look (the web tests cover both).
  await expect(page.getByText(/^(We are preparing your file\.|Your file is ready\.)/)).toBeVisible();

  const link = await archiveLink(email);
  await page.goto(`${base()}${new URL(link).pathname}${new URL(link).search}`);
  const download = page.getByRole('link', { name: 'Download my data (zip)' });
  await expect(download).toBeVisible();
  await checkScreen(page, '/my-data, ready');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('my-data.zip');
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});
