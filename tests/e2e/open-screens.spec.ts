import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './keyboard';

const OPEN_PAGES: string[] = JSON.parse(readFileSync(join(__dirname, '../../web/open-pages.json'), 'utf8'));

// Every screen open to anyone, in every language, has no axe violation and no sideways scroll (at 200%
// zoom too); each is photographed. The browser is set to fr-CA, as for the keyboard journey.
test.use({ locale: 'fr-CA' });

const base = () => process.env.E2E_BASE_URL!;

/** What the error checks press and read, in each language. */
const WORDS = {
  en: { logIn: 'Log in', sendCode: 'Send code', emailRequired: 'Email is requiured' },
  'fr-CA': { logIn: 'Se connecter', sendCode: 'Envoyer le code', emailRequired: 'Le courriel est obligatoire' },
  'es-US': {
    logIn: 'Iniciar sesión',
    sendCode: 'Enviar código',
    emailRequired: 'El correo electrónico es obligatorio',
  },
};

test('every screen open to anyone passes axe, in every language', async ({ page }, info) => {
  test.setTimeout(360_000);
  for (const [lang, words] of Object.entries(WORDS)) {
    await page.goto(`${base()}/sign-up`);
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    // The pages shown without a session (web/open-pages.json, as the build knows them), and the 404.
    for (const path of [...OPEN_PAGES.filter((p) => !p.includes('$')), '/nowhere']) {
      await page.goto(`${base()}${path}`);
      await expect(page.locator('main h1, main .big-404').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expectNoAxeViolations(page, `${path} (${lang})`);
      await expectNoSidewaysScroll(page, `${path} (${lang})`);
      // The desktop at 200% zoom: 640 CSS pixels wide.
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: 640, height: 400 });
      await expectNoSidewaysScroll(page, `${path} (${lang}) at 200%`);
      await page.setViewportSize(size);
      await page.screenshot({
        path: `test-results/screenshots/${lang}-${path.slice(1)}-${info.project.name}.png`,
        fullPage: true,
      });
    }
    // Errors shown: login and the reset's first step.
    await page.goto(`${base()}/login`);
    await page.getByRole('button', { name: words.logIn, exact: true }).last().click();
    await expect(page.locator('.error-summary')).toBeFocused();
    await expectNoAxeViolations(page, `/login errors (${lang})`);
    await page.goto(`${base()}/forgot-password`);
    await page.getByRole('button', { name: words.sendCode }).click();
    await expect(page.getByText(words.emailRequired)).toBeVisible();
    await expectNoAxeViolations(page, `/forgot-password errors (${lang})`);
  }
});
