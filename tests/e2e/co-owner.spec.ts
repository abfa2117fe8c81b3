// A co-owner signs from their own device, from the link in their email, and
// lands on a page in their language that says their signature is recorded; the shared status page stops
// calling the applicant's turn theirs; the applicant's /status names the owners, sends the invitation
// again and lets a co-owner who is present sign on this device.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { codeFromMail } from '../support/api-client';
import { ownerAnswers, saveAnswers, stepOn } from '../support/journey';
import { mailsTo } from '../support/maildev';
import { until } from '../support/until';
import { base, sessionClient, signUp } from './journey.steps';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './keyboard';

const maildev = () => process.env.E2E_MAILDEV_URL!;
const SHOTS = 'test-results/shots';

async function shot(page: Page, what: string, name: string) {
  await expectNoAxeViolations(page, what);
  await expectNoSidewaysScroll(page, what);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Signs up with the French form: the account's language is the one its emails are written in. */
async function signUpInFrench(page: Page, email: string) {
  await page.goto(`${base()}/sign-up`);
  await page.evaluate(() => localStorage.setItem('language', 'fr-CA'));
  await page.reload();
  await page.getByLabel('Prénom').fill('Dorothy');
  await page.getByLabel('Nom de famille').fill('Vaughan');
  await page.getByLabel('Nom de l’entreprise').fill('Fortran Freight LLC');
  await page.getByLabel('Téléphone').pressSequentially('2125550177');
  await page.getByLabel('Courriel', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Punch-Card-1949');
  await page.getByLabel('Confirmer le mot de passe').fill('Punch-Card-1949');
  const since = new Date();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Code de confirmation').fill(await codeFromMail(maildev(), email, since));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });
}

/**
 * Two owners saved (the co-owner, Mary Jackson, with her own email), the journey walked to the signature,
 * and the applicant signs on the e-sign stand-in's page; Box then shows the second signer's page, where
 * the applicant stops: the co-owner is not with them.
 */
async function applicantSigns(page: Page, email: string, coOwner: string) {
  const client = sessionClient(page);
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  await saveAnswers(client, applicationId, [
    ownerAnswers(email, { firstName: 'Dorothy', lastName: 'Vaughan', ownershipPercent: 40 }),
    ownerAnswers(coOwner, {
      firstName: 'Mary',
      lastName: 'Jackson',
      ownershipPercent: 60,
      ssn: '234-56-7801',
      phoneNumber: '(212) 555-0165',
    }),
  ]);
  for (let i = 0; i < 4; i++) expect((await stepOn(client, applicationId)).status).toBe(200);
  await page.goto(`${base()}/signature`);
  await expect(page.getByText(`Signing as ${email}`)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText(`Signing as ${coOwner}`)).toBeVisible({ timeout: 30_000 });
}

/** The co-owner's own phone: 390 px, a browser set to English (the link's language must win). */
const coOwnerPhone = (browser: Browser) =>
  browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });

test('a co-owner signs from the email on their own phone, in French, and is told their signature is recorded', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const email = `coowner-${info.project.name}-${Date.now()}@example.com`;
  const coOwner = `co-${email}`;
  await signUpInFrench(page, email);
  await applicantSigns(page, email, coOwner);

  // The email holds the way to sign (no separate invitation is promised), in the applicant's language.
  const [mail] = await until(
    () => mailsTo(maildev(), coOwner),
    (m) => m.length > 0,
  );
  expect(mail!.subject).toBe(
    'Votre signature est attendue pour la demande de financement de l’entreprise Analytical Engines LLC',
  );
  expect(mail!.text).not.toContain('courriel distinct');
  const signLink = new URL(mail!.text.match(/https?:\/\/\S+\/co-owner\/sign\/\S+/)![0]);
  const statusLink = new URL(mail!.text.match(/https?:\/\/\S+\/status\/shared\/\S+/)![0]);
  expect(signLink.searchParams.get('lng')).toBe('fr-CA');

  // A second browser, no account: the link opens the co-owner's own signing session.
  const phone = await coOwnerPhone(browser);
  const co = await phone.newPage();
  await co.goto(`${base()}${signLink.pathname}${signLink.search}`);
  await expect(co.getByText(`Signing as ${coOwner}`)).toBeVisible({ timeout: 30_000 });
  await co.getByRole('button', { name: 'Sign', exact: true }).click();

  // Box sends them to the page that says it counted, in French (never the blank sign-up form).
  await expect(co).toHaveURL(/\/co-owner\/signed\?lng=fr-CA/);
  await expect(co.getByRole('heading', { level: 1, name: 'Votre signature est enregistrée' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    co.getByText(
      'Merci. Votre signature sur la demande de financement de l’entreprise Analytical Engines LLC est enregistrée.',
    ),
  ).toBeVisible();
  await expect(co.getByRole('heading', { level: 2, name: 'La suite' })).toBeVisible();
  await expect(co.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(co.getByRole('heading', { name: 'Demander un prêt d’entreprise' })).toHaveCount(0);
  await shot(co, 'the co-owner’s signature recorded (fr-CA, 390 px)', `co-owner-signed-fr-390`);

  // The shared status page: their signature recorded, never 'waiting on you'.
  await co.goto(`${base()}${statusLink.pathname}${statusLink.search}`);
  await expect(
    co.getByRole('heading', { level: 1, name: 'Demande de financement de l’entreprise Analytical Engines LLC' }),
  ).toBeVisible();
  await expect(co.getByText('Votre signature est enregistrée. Vous n’avez rien d’autre à faire.')).toBeVisible();
  await expect(co.getByText('Vous : signé')).toBeVisible();
  await expect(co.getByText('En attente de vous : votre prochaine étape est prête.')).toHaveCount(0);
  await expect(co.getByText(/courriel distinct/)).toHaveCount(0);
  await shot(co, 'the shared status after signing (fr-CA, 390 px)', `co-owner-shared-fr-390`);

  // The signing link again: it says the signature is already recorded.
  await co.goto(`${base()}${signLink.pathname}${signLink.search}`);
  await expect(co.getByRole('heading', { level: 1, name: 'Votre signature est déjà enregistrée' })).toBeVisible();
  await phone.close();

  // The same page in English on a desktop (an English email's redirect), looked at too.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const en = await desk.newPage();
  await en.goto(`${base()}/co-owner/signed?lng=en`);
  await expect(en.getByRole('heading', { level: 1, name: 'Your signature is recorded' })).toBeVisible();
  await expect(en.getByRole('heading', { level: 2, name: 'What happens next' })).toBeVisible();
  await shot(en, 'the co-owner’s signature recorded (en, 1280 px)', `co-owner-signed-en-1280`);
  await desk.close();
});

test('/status names the owners, sends the co-owner’s invitation again and lets them sign on this device', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const email = `status23-${info.project.name}-${Date.now()}@example.com`;
  const coOwner = `co-${email}`;
  await signUp(page, email);
  await applicantSigns(page, email, coOwner);
  await until(
    () => mailsTo(maildev(), coOwner),
    (m) => m.length === 1,
  );

  await page.goto(`${base()}/status`);
  await expect(page.getByText('Dorothy Vaughan: signed')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Mary Jackson: signature waiting')).toBeVisible();
  // One owner missing: the singular, by name.
  await expect(page.getByText('Waiting on Mary Jackson’s signature.')).toBeVisible();
  await expect(page.getByText('Owner 2', { exact: false })).toHaveCount(0);
  const resend = page.getByRole('button', { name: 'Send Mary Jackson their invitation to sign again' });
  await resend.click();
  // Said in the live region, focus kept on the button (not dropped to <body>).
  await expect(
    page.getByRole('status').filter({ hasText: 'The invitation to sign was sent again to Mary Jackson.' }),
  ).toBeVisible();
  await expect(resend).toBeFocused();
  await until(
    () => mailsTo(maildev(), coOwner),
    (m) => m.length === 2,
  );
  await shot(page, '/status while the co-owner’s signature waits', `status-co-owner-waiting-en-${info.project.name}`);
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByText('En attente de la signature de Mary Jackson.')).toBeVisible();
  await expect(page.getByText('L’invitation à signer a été renvoyée à Mary Jackson.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Signer sur cet appareil' })).toBeVisible();
  await shot(page, '/status in French', `status-co-owner-waiting-fr-${info.project.name}`);
  await page.getByRole('button', { name: 'English' }).click();

  // The co-owner is with the applicant: they sign on this device, and the journey goes on.
  await page.getByRole('link', { name: 'Sign on this device' }).click();
  await expect(page.getByText(`Signing as ${coOwner}`)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page).toHaveURL(/\/bank-statements$/, { timeout: 60_000 });
});
