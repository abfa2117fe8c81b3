import { expect, test, type Page } from '@playwright/test';
import { mailsTo } from '../support/maildev';
import { handWrittenPdf } from '../support/pdf-fixtures';
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

// A US owner whose browser is set to US Spanish completes the whole journey with the keyboard alone;
// axe finds no violation on any screen or dialog; numbers are written the US way throughout.
test.use({ locale: 'es-US' });

const base = () => process.env.E2E_BASE_URL!;
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: handWrittenPdf(name) });
const screen = (page: Page, name: string, project: string) => checkScreen(page, 'es', name, project);

/** The newest 6-digit code mailed to `to` since `since`, whatever the email's language. */
async function mailedCode(to: string, since: Date): Promise<string> {
  const latest = async () =>
    (await mailsTo(process.env.E2E_MAILDEV_URL!, to))
      .filter((m) => new Date(m.time).getTime() >= since.getTime() - 1000)
      .map((m) => m.text.match(/\b(\d{6})\b/)?.[1])
      .filter((code) => code !== undefined)
      .at(-1) ?? '';
  await expect.poll(latest, { timeout: 15_000 }).toMatch(/^\d{6}$/);
  return latest();
}

/** The language switch: every language named in itself, the one shown pressed (hidden at phone width). */
async function expectLanguageSwitch(page: Page, group: string, shown: string, mobile: boolean) {
  const buttons = page.getByRole('group', { name: group }).getByRole('button', { includeHidden: true });
  await expect(buttons).toHaveText(['English', 'Français', 'Español']);
  expect(await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute('lang')))).toEqual(['en', 'fr-CA', 'es-US']);
  const current = page.getByRole('button', { name: shown, includeHidden: true });
  await expect(current).toHaveAttribute('aria-pressed', 'true');
  if (mobile) await expect(current).toBeHidden();
  else await expect(current).toBeVisible();
  for (const other of ['English', 'Français', 'Español'].filter((n) => n !== shown))
    await expect(page.getByRole('button', { name: other, pressed: false })).toBeVisible();
}

test('es-US: a US owner applies in Spanish, with the keyboard only, and no axe violation on any screen', async ({
  page,
}, info) => {
  test.setTimeout(480_000);
  const p = info.project.name;
  const mobile = p === 'mobile';
  const email = `teclado-${p}-${Date.now()}@example.com`;
  await page.route('https://assets.calendly.com/**', (route) => route.abort());

  // Sign-up: the browser's language picks Spanish, in the prerendered page already; the switch shows all three.
  await page.goto(`${base()}/sign-up`);
  await expectHeading(page, 'Solicite un préstamo para su negocio');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  await expectLanguageSwitch(page, 'Idioma', 'Español', mobile);
  await screen(page, 'sign-up', p);
  await press(page, 'Continuar');
  await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeFocused();
  await expect(page.getByText('El número de teléfono es obligatorio')).toBeVisible();
  await screen(page, 'sign-up-errors', p);
  await typeInto(page, 'Nombre', 'Rosa');
  await typeInto(page, 'Apellido', 'Martínez');
  await typeInto(page, 'Nombre del negocio', 'Panadería Martínez LLC');
  await typeInto(page, 'Teléfono', '2105550123');
  await typeInto(page, 'Correo electrónico', email);
  await typeInto(page, 'Contraseña', 'Conchas-Dulces-1987');
  await typeInto(page, 'Confirme la contraseña', 'Conchas-Dulces-1987');
  const since = new Date();
  await press(page, 'Continuar');
  await expect(page.getByRole('heading', { name: 'Revise su correo electrónico' })).toBeVisible({ timeout: 15_000 });
  await screen(page, 'code', p);
  await typeInto(page, 'Código de confirmación', await mailedCode(email, since));
  await page.keyboard.press('Enter');

  // Financial: the US way of writing amounts ($1,200,000), the messages in Spanish.
  await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });
  await expectHeading(page, 'Ingresos anuales y monto solicitado');
  await expectFocusOnHeading(page);
  await press(page, 'Continuar');
  await expect(page.getByText('Los ingresos anuales son obligatorios')).toBeVisible();
  await screen(page, 'financial-errors', p);
  await typeInto(page, 'Ingresos anuales', '1200000');
  await expect(page.getByLabel('Ingresos anuales')).toHaveValue('$1,200,000');
  await typeInto(page, 'Monto solicitado', '150000.50');
  await expect(page.getByLabel('Monto solicitado')).toHaveValue('$150,000.50');
  await page.keyboard.press('Enter');

  // Business, step 1.
  await expect(page).toHaveURL(/\/business$/);
  await expectHeading(page, 'Cuéntenos sobre su negocio');
  await screen(page, 'business-question', p);
  await chooseRadio(page, 'Sí', '¿Su negocio ya comenzó a operar?');
  await press(page, 'Continuar');
  await expect(page.getByText('La fecha de inicio del negocio es obligatoria')).toBeVisible();
  // The summary takes focus once it has rendered: Tab from there, not from where it would take focus away.
  await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeFocused();
  await typeDate(page, '¿Cuándo comenzó a operar su negocio?', '2016-05-02');
  await expect(page.getByLabel('¿Cuándo comenzó a operar su negocio?')).toHaveValue('2016-05-02');
  await chooseWithKeys(page, '¿Cómo piensa usar los fondos del préstamo?', 'Compra de inventario');
  await press(page, 'Continuar');

  // Business, step 2: a Texas LLC.
  await expectHeading(page, 'Información del negocio');
  await expect(page.getByLabel('Nombre legal del negocio')).toHaveValue('Panadería Martínez LLC');
  await chooseWithKeys(page, 'País del negocio', 'Estados Unidos');
  await chooseWithKeys(page, 'Tipo de entidad legal', 'Compañía de responsabilidad limitada (LLC)');
  await typeInto(page, 'EIN / número de identificación fiscal', '123456789');
  await expect(page.getByLabel('EIN / número de identificación fiscal')).toHaveValue('12-3456789');
  await chooseRadio(page, 'Sí', '¿Acepta tarjetas de crédito?');
  await chooseRadio(page, 'Sí', '¿Tiene préstamos comerciales vigentes?');
  await page.keyboard.press('ArrowRight');
  await typeInto(page, 'Saldo diario promedio', '400');
  await typeInto(page, 'Teléfono del negocio', '2105550199');
  await typeInto(page, 'Dirección del negocio', '100 Commerce St');
  await typeInto(page, 'Ciudad', 'San Antonio');
  await chooseWithKeys(page, 'Estado', 'Texas');
  await typeInto(page, 'Código postal (ZIP)', '78205');
  await chooseWithKeys(page, 'Industria', 'Industria alimentaria');
  await press(page, 'Guardar y continuar');
  await expect(page.getByText('El saldo diario promedio debe ser de $500 o más')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeFocused();
  await screen(page, 'business-details-errors', p);
  await tabTo(page, 'Saldo diario promedio', { tags: ['A'] });
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Saldo diario promedio')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2500');
  await expect(page.getByLabel('Saldo diario promedio')).toHaveValue('$2,500');
  await press(page, 'Guardar y continuar');

  // Owners.
  await expect(page).toHaveURL(/\/owners$/);
  await expectHeading(page, 'Información de los dueños del negocio');
  await screen(page, 'owners', p);
  await tabTo(page, 'Igual que la información del negocio', { tags: ['INPUT'] });
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Dirección particular')).toHaveValue('100 Commerce St');
  await typeInto(page, 'Nombre', 'Rosa');
  await typeInto(page, 'Apellido', 'Martínez');
  await typeDate(page, 'Fecha de nacimiento', '1981-07-14');
  await typeInto(page, 'Porcentaje de propiedad', '100');
  await typeInto(page, 'Puntaje de crédito estimado', '740');
  await typeInto(page, 'Número de Seguro Social (SSN)', '123456789');
  await chooseRadio(page, 'Sí', '¿Es ciudadano de los EE. UU.?');
  await screen(page, 'owners-filled', p);
  await press(page, 'Seguir');

  // The e-sign stand-in (the provider's page, not ours: no axe there), signed with the keyboard.
  await expect(page.getByText(`Signing as ${email}`)).toBeVisible({ timeout: 20_000 });
  await press(page, 'Sign');

  // Bank statements: months in Spanish; two of three, the Missing Documents dialog, then the third.
  await expect(page).toHaveURL(/\/bank-statements$/, { timeout: 30_000 });
  await expectHeading(page, 'Solo necesitamos unos documentos');
  await screen(page, 'bank-statements', p);
  const slots = page.locator('.doc-slot');
  await expect(slots).toHaveCount(3);
  const months = await slots.locator('h2').allTextContents();
  for (const m of months) expect(m).toMatch(/^[a-z]+ de \d{4}$/);
  const uploaded = async (i: number, name: string) => {
    await uploadWithKeys(page, `${months[i]} – PDF`, pdf(name));
    await expect(slots.nth(i).locator('.doc-file-name')).toHaveCount(1, { timeout: 20_000 });
  };
  await uploaded(0, 'estado-1.pdf');
  await uploaded(1, 'estado-2.pdf');
  await tabTo(page, 'Seguir', { tags: ['BUTTON'] });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Faltan documentos' });
  await expect(
    dialog.getByText('Parece que solo subió 2 de los 3 estados de cuenta bancarios requeridos.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'No, subir más' })).toBeFocused();
  await screen(page, 'missing-documents-dialog', p);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Seguir', exact: true })).toBeFocused();
  await uploaded(2, 'estado-3.pdf');
  await screen(page, 'bank-statements-uploaded', p);
  await tabTo(page, 'Seguir', { tags: ['BUTTON'] });
  await page.keyboard.press('Enter');

  // Offers: amounts the US way ($25,000.00), then the last documents and the submission.
  await expect(page).toHaveURL(/\/offers$/, { timeout: 30_000 });
  await expectHeading(page, 'Usted está precalificado. Ahora elija su opción.');
  await expect(page.getByText('APR estimada').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.offer-amount').first()).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  await screen(page, 'offers', p);
  await press(page, 'Elegir esta oferta');
  await expect(page.getByRole('button', { name: 'Elegida' })).toBeVisible();
  await press(page, 'Seguir');
  await expectHeading(page, 'Gracias por elegir su oferta');
  await screen(page, 'offer-selected', p);
  await press(page, 'Programar una llamada con mi agente');
  await uploadWithKeys(page, 'Cheque anulado – PDF', pdf('cheque.pdf'));
  await expect(page.locator('.doc-file-name')).toHaveCount(1, { timeout: 20_000 });
  await tabTo(page, 'No lo tengo (Licencia de conducir)', { tags: ['INPUT'] });
  await page.keyboard.press('Space');
  await screen(page, 'final-documents', p);
  await press(page, 'Enviar la solicitud');
  await expectHeading(page, '¡Su solicitud fue enviada!');
  await expectFocusOnHeading(page);
  await expect(
    page.getByRole('heading', {
      name: 'Programe una llamada con su experto en financiamiento asignado, Jordan Rivera',
    }),
  ).toBeVisible({ timeout: 30_000 });
  await screen(page, 'submitted', p);

  // The menu, 'Where do I stand' and the sign-out dialog.
  await tabTo(page, 'Menú', { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Menú' })).toBeVisible();
  await screen(page, 'menu', p);
  await tabTo(page, 'Estado de mi solicitud');
  await page.keyboard.press('Enter');
  await expectHeading(page, 'Estado de mi solicitud');
  await expect(page.getByText('Su solicitud fue enviada.')).toBeVisible();
  await screen(page, 'status', p);
  await tabTo(page, 'Menú', { back: true });
  await page.keyboard.press('Enter');
  await tabTo(page, 'Cerrar sesión');
  await page.keyboard.press('Enter');
  const signOut = page.getByRole('dialog', { name: 'Cerrar sesión' });
  await expect(signOut.getByText('¿Seguro que desea cerrar la sesión?')).toBeVisible();
  await screen(page, 'sign-out-dialog', p);
  await page.keyboard.press('Escape');
  await expect(signOut).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menú' })).toBeFocused();

  // The privacy policy: the Spanish translation, marked as one.
  await page.goto(`${base()}/privacy-policy`);
  await expectHeading(page, 'Política de privacidad');
  await expect(page.locator('article.legal')).toHaveAttribute('lang', 'es-US');
  await expect(page.getByText(/^Esta es una traducción al español/)).toBeVisible();
  await screen(page, 'privacy-policy', p);

  // English is one key away, and remembered; the switch still shows all three.
  await tabTo(page, 'English', { back: true });
  await page.keyboard.press('Enter');
  await expectHeading(page, 'Privacy policy');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expectHeading(page, 'Privacy policy');
  await expectLanguageSwitch(page, 'Language', 'English', mobile);
});
