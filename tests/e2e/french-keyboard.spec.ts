import { expect, test, type Page } from '@playwright/test';
import { codeFromMail } from '../support/api-client';
import { mailsTo } from '../support/maildev';
import { handWrittenPdf, onePagePdf } from '../support/pdf-fixtures';
import {
  checkScreen,
  chooseRadio,
  chooseWithKeys,
  expectFocusOnHeading,
  expectHeading,
  press,
  tabTo,
  typeDate,
  typeInto,
  uploadWithKeys,
} from './keyboard';

// A French-speaking applicant (a browser set to fr-CA) completes the whole journey with the
// keyboard alone; axe finds no violation on any screen or dialog; each screen is photographed.
test.use({ locale: 'fr-CA' });

const base = () => process.env.E2E_BASE_URL!;
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: handWrittenPdf(name) });

const screen = (page: Page, name: string, project: string) => checkScreen(page, 'fr', name, project);
const heading = expectHeading;
const focusedIsHeading = expectFocusOnHeading;

test('fr-CA: the whole journey in French, with the keyboard only, and no axe violation on any screen', async ({
  page,
}, info) => {
  test.setTimeout(480_000);
  const p = info.project.name;
  const email = `clavier-${p}-${Date.now()}@example.com`;
  await page.route('https://assets.calendly.com/**', (route) => route.abort());

  // Sign-up: the browser's language picks French; an empty submit puts the error summary in focus.
  await page.goto(`${base()}/sign-up`);
  await heading(page, 'Demander un prêt d’entreprise');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await screen(page, 'sign-up', p);
  await press(page, 'Continuer');
  const summary = page.getByRole('alert').filter({ hasText: 'Il y a un problème' });
  await expect(summary).toBeFocused();
  await expect(page.getByText('Le numéro de téléphone est obligatoire')).toBeVisible();
  await expect(page.getByLabel('Téléphone')).toHaveAttribute('aria-invalid', 'true');
  await screen(page, 'sign-up-errors', p);
  await typeInto(page, 'Prénom', 'Gabrielle');
  await typeInto(page, 'Nom de famille', 'Roy');
  await typeInto(page, 'Nom de l’entreprise', 'Boulangerie Roy inc.');
  await typeInto(page, 'Téléphone', '5145550123');
  await typeInto(page, 'Courriel', email);
  await typeInto(page, 'Mot de passe', 'Baguette-Dorée-1987');
  await typeInto(page, 'Confirmer le mot de passe', 'Baguette-Dorée-1987');
  const since = new Date();
  await press(page, 'Continuer');
  await expect(page.getByRole('heading', { name: 'Vérifiez vos courriels' })).toBeVisible({ timeout: 15_000 });
  await screen(page, 'code', p);
  await typeInto(page, 'Code de confirmation', await codeFromMail(process.env.E2E_MAILDEV_URL!, email, since));
  // The account keeps the language: its code email was in French.
  expect((await mailsTo(process.env.E2E_MAILDEV_URL!, email)).map((m) => m.subject)).toContain(
    'Votre code de confirmation Fundwise',
  );
  await page.keyboard.press('Enter');

  // Financial: focus lands on the new page's heading.
  await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });
  await heading(page, 'Revenus annuels et montant demandé');
  await focusedIsHeading(page);
  await screen(page, 'financial', p);
  await typeInto(page, 'Revenus annuels', '1200000');
  await typeInto(page, 'Montant demandé', '150000');
  await page.keyboard.press('Enter');

  // Business, step 1: 'No' first, to /giggle-finance and back.
  await expect(page).toHaveURL(/\/business$/);
  await heading(page, 'Parlez-nous de votre entreprise');
  await screen(page, 'business-question', p);
  await chooseRadio(page, 'Oui', 'Votre entreprise a-t-elle commencé ses activités?');
  await page.keyboard.press('ArrowRight');
  await press(page, 'Continuer');
  await expect(page).toHaveURL(/\/giggle-finance$/);
  await heading(page, 'Il semble que vous soyez admissible à un financement!');
  await screen(page, 'giggle', p);
  await press(page, 'Retour');
  await expect(page).toHaveURL(/\/business$/);
  await heading(page, 'Parlez-nous de votre entreprise');
  await chooseRadio(page, 'Oui', 'Votre entreprise a-t-elle commencé ses activités?');
  await press(page, 'Continuer');
  await expect(page.getByText('La date de début des activités est obligatoire')).toBeVisible();
  await screen(page, 'business-question-errors', p);
  await typeDate(page, 'Quand votre entreprise a-t-elle commencé ses activités?', '2018-01-15');
  await expect(page.getByLabel('Quand votre entreprise a-t-elle commencé ses activités?')).toHaveValue('2018-01-15');
  await chooseWithKeys(page, 'Comment prévoyez-vous utiliser les fonds du prêt?', 'Fonds de roulement');
  await press(page, 'Continuer');

  // Business, step 2.
  await heading(page, 'Renseignements sur l’entreprise');
  await expect(page.getByLabel('Dénomination sociale')).toHaveValue('Boulangerie Roy inc.');
  await chooseWithKeys(page, 'Pays de l’entreprise', 'Canada');
  await chooseWithKeys(page, 'Forme juridique', 'Société par actions');
  await typeInto(page, 'NE', '123456789');
  await chooseRadio(page, 'Oui', 'Acceptez-vous les cartes de crédit?');
  await page.keyboard.press('ArrowRight');
  await chooseRadio(page, 'Oui', 'Avez-vous des prêts d’entreprise en cours?');
  await page.keyboard.press('ArrowRight');
  await typeInto(page, 'Solde quotidien moyen', '400');
  await typeInto(page, 'Téléphone de l’entreprise', '5145550199');
  await typeInto(page, 'Adresse de l’entreprise', '1000 rue Sherbrooke O');
  await typeInto(page, 'Ville', 'Montréal');
  await chooseWithKeys(page, 'Province / territoire', 'Québec');
  await typeInto(page, 'Code postal', 'H3A 3G4');
  await chooseWithKeys(page, 'Secteur d’activité', 'Fabrication d’aliments');
  await press(page, 'Enregistrer et continuer');
  await expect(page.getByText('Le solde quotidien moyen doit être d’au moins 500 $')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Il y a un problème' })).toBeFocused();
  await screen(page, 'business-details-errors', p);
  // The summary's link leads to the field.
  await tabTo(page, 'Solde quotidien moyen', { tags: ['A'] });
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Solde quotidien moyen')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2500');
  await press(page, 'Enregistrer et continuer');

  // Owners.
  await expect(page).toHaveURL(/\/owners$/);
  await heading(page, 'Renseignements sur les propriétaires de l’entreprise');
  await screen(page, 'owners', p);
  await tabTo(page, 'Identique aux renseignements de l’entreprise', { tags: ['INPUT'] });
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Adresse du domicile')).toHaveValue('1000 rue Sherbrooke O');
  await typeInto(page, 'Prénom', 'Gabrielle');
  await typeInto(page, 'Nom de famille', 'Roy');
  await typeDate(page, 'Date de naissance', '1979-03-21');
  await expect(page.getByLabel('Date de naissance')).toHaveValue('1979-03-21');
  await typeInto(page, 'Pourcentage de propriété', '100');
  await typeInto(page, 'Pointage de crédit estimé', '760');
  await typeInto(page, 'NAS', '123456789');
  await chooseRadio(page, 'Oui', 'Citoyen des États-Unis?');
  await page.keyboard.press('ArrowRight');
  await screen(page, 'owners-filled', p);
  await press(page, 'Poursuivre');

  // The e-sign stand-in (the provider's page, not ours: no axe there), signed with the keyboard.
  await expect(page.getByText(`Signing as ${email}`)).toBeVisible({ timeout: 20_000 });
  await press(page, 'Sign');

  // Bank statements: two of three, the Missing Documents dialog (focus in, Escape, focus back), then the third.
  await expect(page).toHaveURL(/\/bank-statements$/, { timeout: 30_000 });
  await heading(page, 'Quelques documents suffisent');
  await screen(page, 'bank-statements', p);
  const slots = page.locator('.doc-slot');
  await expect(slots).toHaveCount(3);
  const months = await slots.locator('h2').allTextContents();
  for (const m of months) expect(m).toMatch(/^[a-zéû]+ \d{4}$/);
  // The first slot gets a statement for another month: flagged at once, under the file.
  await uploadWithKeys(page, `${months[0]} – PDF`, {
    name: 'releve-juillet.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await onePagePdf({ text: 'Statement period: July 1, 2019 - July 31, 2019' })),
  });
  await expect(slots.nth(0).locator('.doc-advice')).toContainText(
    new RegExp(`Ce relevé semble couvrir .*31 juillet 2019, et non ${months[0]}\\.`),
    { timeout: 20_000 },
  );
  await screen(page, 'statement-advice', p);
  for (const [i, m] of months.slice(1, 2).entries()) {
    await uploadWithKeys(page, `${m} – PDF`, pdf(`releve-${i + 1}.pdf`));
    await expect(
      slots
        .nth(i + 1)
        .locator('.doc-file-name')
        .filter({ hasText: /\d{4}\.pdf$/ }),
    ).toHaveCount(1, {
      timeout: 20_000,
    });
  }
  await tabTo(page, 'Poursuivre', { tags: ['BUTTON'] });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Documents manquants' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText('Il semble que vous n’ayez téléversé que 2 des 3 relevés bancaires requis.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Non, en téléverser d’autres' })).toBeFocused();
  await screen(page, 'missing-documents-dialog', p);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Non, en téléverser d’autres' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Poursuivre' })).toBeFocused();
  await uploadWithKeys(page, `${months[2]} – PDF`, pdf('releve-2.pdf'));
  await expect(
    slots
      .nth(2)
      .locator('.doc-file-name')
      .filter({ hasText: /\d{4}\.pdf$/ }),
  ).toHaveCount(1, {
    timeout: 20_000,
  });
  await screen(page, 'bank-statements-uploaded', p);
  await tabTo(page, 'Poursuivre', { tags: ['BUTTON'] });
  await page.keyboard.press('Enter');
  // The first month's statement needs attention: Proceed asks, and the applicant goes on.
  const attention = page.getByRole('dialog', { name: 'Certains relevés sont à vérifier' });
  await expect(attention.getByRole('button', { name: 'Vérifier mes relevés' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(attention.getByRole('button', { name: 'Poursuivre quand même' })).toBeFocused();
  await page.keyboard.press('Enter');

  // Offers: choose, then the last documents and the submission.
  await expect(page).toHaveURL(/\/offers$/, { timeout: 30_000 });
  await heading(page, 'Vous êtes préqualifié. Choisissez maintenant votre option.');
  await expect(page.getByText('TAP estimé').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.offer-amount').first()).toHaveText(/^[\d\u00a0\u202f]+,\d{2}\u00a0\$$/);
  await screen(page, 'offers', p);
  await press(page, 'Choisir cette offre');
  await expect(page.getByRole('button', { name: 'Choisie' })).toBeVisible();
  await press(page, 'Poursuivre');
  await heading(page, 'Merci d’avoir choisi votre offre');
  await screen(page, 'offer-selected', p);
  await press(page, 'Planifier un appel avec mon agent');
  await uploadWithKeys(page, 'Chèque annulé – PDF', pdf('cheque.pdf'));
  // The stored voided-check.pdf, shown in French.
  await expect(page.getByText('chèque-annulé.pdf')).toBeVisible({ timeout: 20_000 });
  // The check's own box is disabled (a check is uploaded): Tab goes straight to the license's.
  await tabTo(page, 'Je ne l’ai pas (Permis de conduire)', { tags: ['INPUT'] });
  await page.keyboard.press('Space');
  await screen(page, 'final-documents', p);
  await press(page, 'Soumettre la demande');
  await heading(page, 'Votre demande a été soumise!');
  // The pressed button is gone: focus is on the submitted view's heading, not on <body>.
  await focusedIsHeading(page);
  await expect(
    page.getByRole('heading', {
      name: 'Réservez un appel avec votre spécialiste du financement attitré, Jordan Rivera',
    }),
  ).toBeVisible({ timeout: 30_000 });
  await screen(page, 'submitted', p);
  // The offer email follows the account's language too.
  await expect
    .poll(async () => (await mailsTo(process.env.E2E_MAILDEV_URL!, email)).map((m) => m.subject), { timeout: 20_000 })
    .toContain('Votre offre choisie pour Boulangerie Roy inc.');
  // One period after 'inc.', and French typography before the link.
  const offerMail = (await mailsTo(process.env.E2E_MAILDEV_URL!, email)).find((m) =>
    m.subject.startsWith('Votre offre choisie'),
  )!;
  expect(offerMail.text).toContain('Boulangerie Roy inc. En voici le résumé\u00a0:');
  // Its link opens the portal in French, whatever the phone it is read on.
  expect(offerMail.text).toMatch(/Votre demande\u00a0: http\S*\/offers\?lng=fr-CA$/m);

  // The menu and the sign-out dialog: opened, checked, cancelled with Escape, focus back on the menu button.
  await tabTo(page, 'Menu', { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  await screen(page, 'menu', p);
  await tabTo(page, 'Se déconnecter');
  await page.keyboard.press('Enter');
  const signOut = page.getByRole('dialog', { name: 'Se déconnecter' });
  await expect(signOut.getByText('Voulez-vous vraiment vous déconnecter?')).toBeVisible();
  await screen(page, 'sign-out-dialog', p);
  await page.keyboard.press('Escape');
  await expect(signOut).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();

  // The switch to English is one key away, and remembered.
  await tabTo(page, 'English', { back: true });
  await page.keyboard.press('Enter');
  await heading(page, 'Your application has been submitted!');
  await page.reload();
  await heading(page, 'Your application has been submitted!');
});
