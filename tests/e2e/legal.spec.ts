import { expect, test, type Page } from '@playwright/test';

const base = () => process.env.E2E_BASE_URL!;

/** Follows the side menu's link into the new tab it asks for, and answers that tab. */
async function openFromMenu(page: Page, name: string): Promise<Page> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  const link = page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  return tab;
}

// No VITE_PRIVACY_POLICY_URL / VITE_TERMS_OF_USE_URL in the test build: the portal's own pages answer.
test('the side menu’s privacy policy and terms of use open real pages, not the 404', async ({ page }, info) => {
  await page.goto(`${base()}/sign-up`);

  const privacy = await openFromMenu(page, 'Privacy policy');
  await expect(privacy).toHaveURL(/\/privacy-policy$/);
  await expect(privacy.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  for (const heading of ['What we collect', 'Why we need it', 'Who we share it with', 'How we protect it'])
    await expect(privacy.getByRole('heading', { name: heading })).toBeVisible();
  await expect(privacy.getByText('404')).toHaveCount(0);
  await privacy.screenshot({
    path: `test-results/screenshots/privacy-policy-${info.project.name}.png`,
    fullPage: true,
  });
  await privacy.close();

  const terms = await openFromMenu(page, 'Terms of use');
  await expect(terms).toHaveURL(/\/terms-of-use$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expect(terms.getByRole('heading', { name: 'Offers are not yet a loan' })).toBeVisible();
  await expect(terms.getByText('404')).toHaveCount(0);
  await terms.screenshot({ path: `test-results/screenshots/terms-of-use-${info.project.name}.png`, fullPage: true });
  await expect(terms.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
});
