// An OAuth bank, the way Plaid walks a phone through one (https://plaid.com/docs/link/oauth/): the local stack
// gives every link token PLAID_REDIRECT_URI (this stack's /bank-statements, stack/stack.ts); choosing the
// stand-in's "Platypus OAuth Bank" in Link sends the whole window to the bank's consent page, whose Continue
// sends it back to /bank-statements?oauth_state_id=…; the page opens Link again with the token it kept and
// that address (web/src/features/documents/oauth-return.ts), Link completes, and the slots fill. A way back
// with an oauth_state_id the stand-in did not issue for that token connects nothing. A reconnect of an item
// at the OAuth bank is Link's update mode: straight to the bank's trip, and back to the same item.
import { expect, test, type Page } from '@playwright/test';
import { chooseAccounts, linkFrame, NEW_YORK, openLink, plaidStandin, requireLogin } from './bank.steps';
import { toBankStatements } from './journey.steps';

/** Chooses the OAuth bank in Link: the window leaves the portal for the bank's own page. */
async function leaveForOAuthBank(page: Page, connect = 'Connect your bank') {
  const link = await openLink(page, connect);
  await link.getByRole('button', { name: 'Platypus OAuth Bank' }).click();
  await expect(page).toHaveURL(/\/plaid\/oauth-bank\?oauth_state_id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Platypus OAuth Bank' })).toBeVisible();
}

test('an OAuth bank: off to its consent page and back, Link completes and the statement slots fill', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const { slots } = await toBankStatements(page, `bank-oauth-${info.project.name}-${Date.now()}@example.com`, NEW_YORK);
  const months = 4;
  await expect(slots).toHaveCount(months);

  // A way back the bank did not send: the page opens Link with its kept token, and the stand-in refuses it.
  await leaveForOAuthBank(page);
  // The stand-in's answer is read as it passes (fetched and handed on whole): Link moves on at once, and a
  // response's body is gone from the browser once its frame has navigated away.
  const linkReturn = /\/plaid\/link\?.*received_redirect_uri=/;
  let refused = '';
  await page.route(linkReturn, async (route) => {
    const response = await route.fetch();
    refused += await response.text();
    await route.fulfill({ response });
  });
  const forged = '3f1c7a52-0000-4000-8000-000000000000';
  await page.goto(`${new URL(page.url()).origin}/bank-statements?oauth_state_id=${forged}`);
  await expect.poll(() => refused, { timeout: 30_000 }).toContain('OAUTH_STATE_ID_NOT_FOUND');
  await page.unroute(linkReturn);
  await expect(page.getByRole('button', { name: 'Connect your bank' })).toBeEnabled();
  await expect(slots.getByText('From your bank')).toHaveCount(0);

  // The bank's own way back.
  await leaveForOAuthBank(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bank-statements\?oauth_state_id=[0-9a-f-]{36}$/);
  // Link, opened again with the kept token, goes on to Account Select.
  await chooseAccounts(linkFrame(page));
  await expect(page.getByText('Your bank statements are in.')).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < months; i++) {
    await expect(slots.nth(i).getByText('From your bank')).toBeVisible();
    await expect(slots.nth(i)).not.toHaveClass(/\bneeds-attention\b/);
  }
  await expect(page.getByText('Connected to Platypus OAuth Bank.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fetch statements again' })).toBeVisible();
  await page.screenshot({ path: `test-results/shots/bank-connect-oauth-${info.project.name}.png`, fullPage: true });
});

test('a reconnect at the OAuth bank: update mode goes through the bank again, and the same item comes back', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  const email = `bank-oauth-again-${info.project.name}-${Date.now()}@example.com`;
  const { slots, client } = await toBankStatements(page, email, NEW_YORK);
  const userId = String((await client.get('/auth/user')).body.data._id);
  const itemsOf = async () =>
    (
      (await (await fetch(`${plaidStandin()}/__admin/items`)).json()) as {
        items: { item_id: string; client_user_id: string }[];
      }
    ).items.filter((i) => i.client_user_id === userId);
  // The first fetch after the link waits until the bank wants this applicant's login again.
  let first = true;
  await page.route('**/bank/statements', async (route) => {
    if (first) {
      first = false;
      await requireLogin(userId);
    }
    await route.continue();
  });
  await leaveForOAuthBank(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await chooseAccounts(linkFrame(page));
  await expect(
    page.getByText('Your bank asks you to sign in again. Please reconnect it, or upload the PDFs.'),
  ).toBeVisible({
    timeout: 30_000,
  });
  const items = await itemsOf();
  expect(items).toHaveLength(1);

  // Update mode: no bank to choose and no credentials, only this item's bank; back with the kept token.
  const link = await openLink(page, 'Reconnect your bank');
  await expect(link.getByText('Sign in again on your bank’s own site.')).toBeVisible();
  await expect(link.getByLabel('Username')).toHaveCount(0);
  await link.getByRole('button', { name: 'Platypus OAuth Bank' }).click();
  await expect(page).toHaveURL(/\/plaid\/oauth-bank\?oauth_state_id=[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bank-statements\?oauth_state_id=[0-9a-f-]{36}$/);
  // The item keeps its account: no Account Select this time.
  await expect(page.getByText('Your bank statements are in.')).toBeVisible({ timeout: 30_000 });
  await expect(slots.getByText('From your bank')).toHaveCount(4);
  await expect(page.getByText('Connected to Platypus OAuth Bank.')).toBeVisible();
  // Every month in: the item is removed at Plaid, and none other was made for this applicant.
  expect(await itemsOf()).toHaveLength(0);
});
