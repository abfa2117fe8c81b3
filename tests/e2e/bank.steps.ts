// The bank connection's steps, shared by its specs: a business asked for four months, and Plaid Link opened.
import { expect, type FrameLocator, type Page } from '@playwright/test';

/** A New York business: the product spec asks four months of statements from it, so four slots to fill. */
export const NEW_YORK = { city: 'New York', state: 'NY', zip: '10001' };

/** The Plaid stand-in's own address (its test routes: an item's login required). */
export const plaidStandin = () => process.env.E2E_PLAID_URL!;

/** Link's frame over the page. */
export const linkFrame = (page: Page) => page.frameLocator('iframe[title="Plaid Link"]');

/** Presses the page's connect button; the stand-in's Link page in its frame. */
export async function openLink(page: Page, connect: string): Promise<FrameLocator> {
  await page.getByRole('button', { name: connect }).click();
  return linkFrame(page);
}

/** Link's Account Select: the accounts ticked by name (the checking account by default), then Continue. */
export async function chooseAccounts(link: FrameLocator, names: RegExp[] = [/Plaid Business Checking/]) {
  await expect(link.getByRole('group', { name: 'Choose the accounts to share' })).toBeVisible();
  for (const name of names) await link.getByRole('checkbox', { name }).check();
  await link.getByRole('button', { name: 'Continue' }).click();
}

/** Connects the sandbox institution (First Platypus Bank) with its credentials, and shares its checking account. */
export async function connectSandboxBank(page: Page, connect: string) {
  const link = await openLink(page, connect);
  await link.getByLabel('Username').fill('user_good');
  await link.getByLabel('Password').fill('pass_good');
  await link.getByRole('button', { name: 'Submit' }).click();
  await chooseAccounts(link);
}

/** Plaid's sandbox login for the stand-in's items of this applicant: wanted again (ITEM_LOGIN_REQUIRED). */
export async function requireLogin(clientUserId: string) {
  const r = await fetch(`${plaidStandin()}/__admin/require-login`, {
    method: 'POST',
    body: JSON.stringify({ on: true, client_user_id: clientUserId }),
  });
  expect(r.status).toBe(200);
}

/**
 * Every text the page's status lines show from now on, as they change: a phase that lasts less than one of
 * Playwright's polls (the statements fetched at the first ask on a fast machine) is still seen.
 */
export async function watchStatusLines(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const record = () => {
      for (const el of document.querySelectorAll('[role="status"]')) {
        const text = el.textContent?.trim() ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    };
    (window as unknown as { statusLines: string[] }).statusLines = seen;
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    record();
  });
  return () => page.evaluate(() => (window as unknown as { statusLines: string[] }).statusLines);
}
