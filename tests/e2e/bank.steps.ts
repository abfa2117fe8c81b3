// The bank connection's steps, shared by its specs: a business asked for four months, and Plaid Link opened.
import type { FrameLocator, Page } from '@playwright/test';

/** A New York business: the product spec asks four months of statements from it, so four slots to fill. */
export const NEW_YORK = { city: 'New York', state: 'NY', zip: '10001' };

/** Presses the page's connect button; the stand-in's Link page in its frame. */
export async function openLink(page: Page, connect: string): Promise<FrameLocator> {
  await page.getByRole('button', { name: connect }).click();
  return page.frameLocator('iframe[title="Plaid Link"]');
}

/** Connects the sandbox institution (First Platypus Bank) with its credentials. */
export async function connectSandboxBank(page: Page, connect: string) {
  const link = await openLink(page, connect);
  await link.getByLabel('Username').fill('user_good');
  await link.getByLabel('Password').fill('pass_good');
  await link.getByRole('button', { name: 'Submit' }).click();
}
