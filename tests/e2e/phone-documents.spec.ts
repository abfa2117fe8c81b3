// "Use my phone". The desktop's voided-check slot shows a QR code and its link; a second
// browser context, a phone at 390 px, opens the link, takes two photos and sends them; the desktop's slot
// fills without a reload. The link then refuses (used), and a link past its 15 minutes says it expired.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { saveAnswers, stepOn } from '../support/journey';
import { smallJpeg, smallPng } from '../support/photo-fixtures';
import { base, pdf, sessionClient, signUp } from './journey.steps';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/shots/phone-${name}.png`, fullPage: true });

/** The applicant at the final documents (/offers step 2), through the journey as the browser walks it. */
async function atFinalDocuments(page: Page) {
  await signUp(page, `phone-docs-${Date.now()}@example.com`);
  const client = sessionClient(page);
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  await saveAnswers(client, applicationId);
  for (let i = 0; i < 4; i++) expect((await stepOn(client, applicationId)).status).toBe(200);
  await page.goto(`${base()}/signature`);
  await expect(page.getByText('Box Sign (local stand-in)')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page).toHaveURL(/\/bank-statements$/, { timeout: 30_000 });
  // The statement slots offer the phone too: a QR code on a desktop, the camera on a phone.
  const onPhone = page.viewportSize()!.width < 640;
  await expect(
    onPhone
      ? page.getByLabel(/^Take photos of /).first()
      : page.getByRole('button', { name: /^Use my phone for / }).first(),
  ).toBeAttached();
  await page.locator('.doc-slot').first().getByLabel(/PDF$/).setInputFiles(pdf('statement.pdf'));
  await expect(page.locator('.doc-file-name').filter({ hasText: /\d{4}\.pdf$/ })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('button', { name: 'Yes, proceed' }).click();
  await expect(page).toHaveURL(/\/offers$/, { timeout: 30_000 });
  await page.getByRole('article').first().getByRole('button', { name: 'Select Offer' }).click({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('button', { name: 'Schedule a call with my agent' }).click({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Two last documents' })).toBeVisible();
}

/** The link row a phone link names (its token's payload: kind, application, link, expiry). */
const linkIdOf = (url: string) =>
  (
    JSON.parse(Buffer.from(new URL(url).pathname.split('/').pop()!.split('.')[0]!, 'base64url').toString()) as string[]
  )[2]!;

const phoneContext = (browser: Browser) =>
  browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a phone opens the QR link, sends two photos, and the desktop slot fills without a reload; the link is then used up', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(240_000);
  await atFinalDocuments(page);
  if (info.project.name === 'mobile') {
    // On a phone the slot takes the photos itself (the same conversion on the server): no QR code.
    await expect(page.getByRole('button', { name: 'Use my phone for Voided check' })).toHaveCount(0);
    await page.getByLabel('Take photos of Voided check').setInputFiles([
      { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: smallJpeg() },
      { name: 'IMG_0002.png', mimeType: 'image/png', buffer: smallPng() },
    ]);
    await expect(page.getByText('voided-check.pdf')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'slot-photos-en-390');
    return;
  }
  // A mark that a reload would wipe.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  await page.getByRole('button', { name: 'Use my phone for Voided check' }).click();
  const dialog = page.getByRole('dialog', { name: 'Voided check from your phone' });
  await expect(dialog.getByRole('img', { name: 'QR code that opens the photo page on your phone' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(dialog.getByText(/^This link works once, until \d{1,2}:\d{2} [AP]M\.$/)).toBeVisible();
  const link = await dialog.locator('a.phone-link-url').getAttribute('href');
  expect(link).toMatch(new RegExp(`^${base()}/phone/[\\w-]+\\.[\\w-]+\\?lng=en$`));
  await shot(page, 'qr-dialog-en-1280');

  // The phone, in French at 390 px: only the slot's name is shown, nothing else of the application.
  const phone = await phoneContext(browser);
  const mobile = await phone.newPage();
  await mobile.goto(link!.replace('lng=en', 'lng=fr-CA'));
  await expect(mobile.getByRole('heading', { name: 'Envoyez des photos de votre document' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(mobile.getByText(/Chèque annulé/)).toBeVisible();
  await expect(mobile.getByText(/Fortran|Dorothy|150 000|150,000/)).toHaveCount(0);
  await mobile.getByLabel('Prendre des photos : Chèque annulé').setInputFiles([
    { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: smallJpeg() },
    { name: 'IMG_0002.png', mimeType: 'image/png', buffer: smallPng() },
  ]);
  await expect(mobile.getByRole('img', { name: /^Photo [12]$/ })).toHaveCount(2);
  await shot(mobile, 'photos-fr-390');
  await mobile.getByRole('button', { name: 'Envoyer' }).click();
  await expect(mobile.getByRole('heading', { name: 'Photos envoyées' })).toBeVisible({ timeout: 30_000 });
  await shot(mobile, 'sent-fr-390');

  // The desktop's slot filled by itself: the dialog closed, the PDF listed, the page never reloaded.
  await expect(page.getByText('voided-check.pdf')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await shot(page, 'filled-en-1280');

  // Used: the page says so, and the api refuses more photos.
  await mobile.reload();
  await expect(
    mobile.getByText(
      'Ces photos ont déjà été envoyées avec ce lien. Pour en envoyer d’autres, balayez un nouveau code sur votre ordinateur.',
    ),
  ).toBeVisible({ timeout: 20_000 });
  const token = new URL(link!).pathname.split('/').pop()!;
  const again = await mobile.request.post(`${base()}/api/phone/${token}/photos`, {
    multipart: { photo: { name: 'x.jpg', mimeType: 'image/jpeg', buffer: smallJpeg() } },
    headers: {
      'x-xsrf-token': decodeURIComponent((await phone.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value),
    },
  });
  expect(again.status()).toBe(410);

  // A new link, past its 15 minutes (its row's end moved back, as the clock would): the phone is told it expired.
  await page.getByRole('button', { name: 'Use my phone for Voided check' }).click();
  const second = await dialog.locator('a.phone-link-url').getAttribute('href', { timeout: 20_000 });
  // The phone page in English at 1280 px too (a tablet or a laptop can open the link).
  const wide = await page.context().newPage();
  await wide.goto(second!);
  await expect(wide.getByRole('heading', { name: 'Send photos of your document' })).toBeVisible({ timeout: 20_000 });
  // The slot's name mid-sentence is lower case.
  await expect(
    wide.getByText('Take a clear photo of each page of your voided check, in good light with the whole page in view.'),
  ).toBeVisible();
  await shot(wide, 'page-en-1280');
  await wide.close();
  const { MongoClient, ObjectId } = await import('mongodb');
  const mongo = await MongoClient.connect(process.env.E2E_MONGODB_URI!);
  try {
    await mongo
      .db()
      .collection('phonelinks')
      .updateOne({ _id: new ObjectId(linkIdOf(second!)) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
  } finally {
    await mongo.close();
  }
  await mobile.goto(second!);
  await expect(
    mobile.getByText('This link has expired or was cancelled. Please scan a new code on your computer.'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('This code has expired.')).toBeVisible({ timeout: 20_000 });
  await shot(mobile, 'expired-en-390');
  // Cancel closes the dialog (and revokes its link).
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await phone.close();
});
