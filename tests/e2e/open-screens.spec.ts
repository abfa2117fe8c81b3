import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './keyboard';

const OPEN_PAGES: string[] = JSON.parse(readFileSync(join(__dirname, '../../web/open-pages.json'), 'utf8'));

// Every screen open to anyone, in English and in French, has no axe violation and no sideways
// scroll (at 200% zoom too); each is photographed. The browser is set to fr-CA, as for the keyboard journey.
test.use({ locale: 'fr-CA' });

const base = () => process.env.E2E_BASE_URL!;

test('every screen open to anyone passes axe, in English and in French', async ({ page }, info) => {
  test.setTimeout(120_000);
  for (const lang of ['en', 'fr-CA'] as const) {
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
    await page
      .getByRole('button', { name: lang === 'en' ? 'Log in' : 'Se connecter', exact: true })
      .last()
      .click();
    await expect(page.locator('.error-summary')).toBeFocused();
    await expectNoAxeViolations(page, `/login errors (${lang})`);
    await page.goto(`${base()}/forgot-password`);
    await page.getByRole('button', { name: lang === 'en' ? 'Send code' : 'Envoyer le code' }).click();
    await expect(page.getByText(lang === 'en' ? 'Email is requiured' : 'Le courriel est obligatoire')).toBeVisible();
    await expectNoAxeViolations(page, `/forgot-password errors (${lang})`);
  }
});
