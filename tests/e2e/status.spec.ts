// The status view at a journey step, from the side menu, and a
// co-owner's signed link from maildev (two owners, no account), axe-checked in English and French at
// both viewports, photographed into screenshots/ (after submission: journey.spec.ts).
import { expect, test, type Page } from '@playwright/test';
import { ownerAnswers, saveAnswers, stepOn } from '../support/journey';
import { base, sessionClient, signUp } from './journey.steps';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './keyboard';

const maildev = () => process.env.E2E_MAILDEV_URL!;
const SHOTS = 'screenshots';

async function checkScreen(page: Page, what: string, shot: string) {
  await expectNoAxeViolations(page, what);
  await expectNoSidewaysScroll(page, what);
  await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
}

test('the status view at a journey step, from the side menu, and a co-owner’s signed link', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const email = `status-${info.project.name}-${Date.now()}@example.com`;
  const coOwner = `co-${email}`;
  await signUp(page, email);

  // From the side menu at the first step: Financial in progress, the applicant's move.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Where do I stand' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Where do I stand' })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(0)).toContainText('Done');
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(steps.nth(1)).toContainText('In progress');
  await expect(page.getByText('Waiting on you: your next step is ready.')).toBeVisible();
  await expect(page.getByText(/^Since /)).toBeVisible();
  await checkScreen(page, '/status at /financial', `status-financial-en-${info.project.name}`);
  await page.getByRole('link', { name: 'Continue your application' }).click();
  await expect(page).toHaveURL(/\/financial$/);

  // Two owners, walked to the signature and the request made: the co-owner's signature is waiting.
  const client = sessionClient(page);
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  await saveAnswers(client, applicationId, [
    ownerAnswers(email, { firstName: 'Dorothy', ownershipPercent: 40 }),
    ownerAnswers(coOwner, {
      firstName: 'Mary',
      ownershipPercent: 60,
      ssn: '234-56-7801',
      phoneNumber: '(212) 555-0165',
    }),
  ]);
  for (let i = 0; i < 4; i++) expect((await stepOn(client, applicationId)).status).toBe(200);
  expect((await client.post('/box/sign', { applicationId })).status).toBe(200);

  await page.goto(`${base()}/status`);
  await expect(page.getByText('Waiting on the owners’ signatures.')).toBeVisible();
  // Owners by name; ownerAnswers' last name is King.
  await expect(page.getByText('Mary King: signature waiting')).toBeVisible();
  // The applicant is told the co-owner can sign on their own device.
  await expect(
    page.getByText('Mary King receives an email and can sign on their own phone or computer.'),
  ).toBeVisible();
  await expect(steps.nth(3)).toHaveAttribute('aria-current', 'step');
  await checkScreen(page, '/status at /signature', `status-signature-en-${info.project.name}`);
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Où en est ma demande' })).toBeVisible();
  await expect(page.getByText('En attente de la signature des propriétaires.')).toBeVisible();
  await checkScreen(page, '/status at /signature (fr-CA)', `status-signature-fr-${info.project.name}`);
  await page.getByRole('button', { name: 'English' }).click();

  // The co-owner's email holds the signed link; it opens with no account (the business's name is the
  // one saveAnswers gave it).
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${maildev()}/api/email`)).json()) as {
          subject: string;
          text: string;
          to: { address: string }[];
        }[];
        return mails.find((m) => m.to[0]?.address === coOwner)?.text ?? '';
      },
      { timeout: 20_000 },
    )
    .toContain('/status/shared/');
  const mails = (await (await fetch(`${maildev()}/api/email`)).json()) as { text: string; to: { address: string }[] }[];
  const link = mails.find((m) => m.to[0]?.address === coOwner)!.text.match(/https?:\/\/\S+\/status\/shared\/\S+/)![0];
  const stranger = await browser.newContext({ viewport: page.viewportSize()! });
  const co = await stranger.newPage();
  await co.goto(`${base()}${new URL(link).pathname}`);
  await expect(
    co.getByRole('heading', { level: 1, name: 'Funding application for Analytical Engines LLC' }),
  ).toBeVisible();
  // The owners by name, as the applicant's own view names them, never 'Owner 1'.
  await expect(co.getByText('Dorothy King: signature waiting')).toBeVisible();
  await expect(co.getByText('Owner 1', { exact: false })).toHaveCount(0);
  await expect(co.getByText('You: signature waiting')).toBeVisible();
  await expect(co.getByText(email)).toHaveCount(0);
  await checkScreen(co, 'a co-owner’s link', `status-shared-en-${info.project.name}`);
  await co.getByRole('button', { name: 'Français' }).click();
  await expect(
    co.getByRole('heading', { level: 1, name: 'Demande de financement de l’entreprise Analytical Engines LLC' }),
  ).toBeVisible();
  await checkScreen(co, 'a co-owner’s link (fr-CA)', `status-shared-fr-${info.project.name}`);
  // A tampered link says so, in words.
  await co.goto(`${base()}${new URL(link).pathname}x`);
  await expect(co.getByRole('alert')).toHaveText(
    'Ce lien n’est plus valide. Demandez au demandeur d’envoyer de nouveau la demande de signature.',
  );
  await stranger.close();
});
