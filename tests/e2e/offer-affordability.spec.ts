// /offers shows, for each offer, its payment as a share of the business's average
// daily deposits (read on the api from the statements' text) and the lowest balance after it, with a note
// when the statements cannot be read well enough; and a comparison table that passes axe, is reached by
// keyboard and scrolls in its own region at 390 px. English at 1280 px, French at 390 px.
import { expect, test } from '@playwright/test';
import { statementPdf } from '../support/pdf-fixtures';
import { pdf, toBankStatements } from './journey.steps';
import { expectNoAxeViolations, expectNoSidewaysScroll, focusedName, tabTo } from './keyboard';

const DEPOSIT = 5_000;
const PAYROLL = 22_000;
const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** 'October 2026' as [2026, 10]. */
const yearMonth = (label: string) => [Number(label.split(' ')[1]), MONTHS.indexOf(label.split(' ')[0]!) + 1] as const;

/**
 * A month's statement: 5,000.00 of card settlements every business day, 22,000.00 of payroll out every
 * Friday, so whatever the month the average deposits per business day are exactly 5,000.00.
 */
function monthStatement(label: string, opening: number) {
  const [y, m] = yearMonth(label);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const rows: [string, string, number][] = [];
  let balance = opening;
  for (let d = 1; d <= last; d++) {
    const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const date = `${pad(m)}/${pad(d)}/${y}`;
    rows.push([date, 'Card settlement', DEPOSIT]);
    balance += DEPOSIT;
    if (weekday === 5) {
      rows.push([date, 'Payroll', -PAYROLL]);
      balance -= PAYROLL;
    }
  }
  const month = MONTHS[m - 1]!;
  return {
    bytes: statementPdf({ period: `Statement period: ${month} 1, ${y} - ${month} ${last}, ${y}`, opening, rows }),
    closing: balance,
  };
}

/**
 * The share each offer should show, worked out here from the offer's own payment: deposits average
 * 5,000.00 a business day, so a daily payment p is p / 5,000, and a line of credit's monthly payment q
 * (if fully drawn) is q × 12 / 252 a business day. The api rounds to a tenth of a percent, the page to
 * a whole one.
 */
function expectedShareTenths(option: Record<string, string>): number {
  const perBusinessDay = option.maxAmount ? (Number(option.monthlyPayments) * 12) / 252 : Number(option.dailyPayment);
  return Math.round((perBusinessDay / DEPOSIT) * 1000) / 10;
}
// The card writes the share as the table does (to the tenth), never rounded apart from it.
const expectedShare = (option: Record<string, string>) => Math.round(expectedShareTenths(option) * 10) / 10;

test('each offer shows its share of daily deposits and lowest balance; the comparison table passes axe', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const email = `afford-${info.project.name}-${Date.now()}@example.com`;
  const { slots, client, applicationId } = await toBankStatements(page, email);
  await expect(slots).toHaveCount(3);
  const labels = await slots.locator('.doc-slot-title').allInnerTexts();
  // Oldest month first, each statement opening on the last one's closing balance.
  const months = labels
    .map((l) => /([A-Z][a-z]+ \d{4})/.exec(l)![1]!)
    .map((label, i) => ({ label, i }))
    .sort((a, b) => yearMonth(a.label).join('-').localeCompare(yearMonth(b.label).join('-'), 'en', { numeric: true }));
  let opening = 40_000;
  for (const { label, i } of months) {
    const statement = monthStatement(label, opening);
    opening = statement.closing;
    await slots
      .nth(i)
      .getByLabel(/PDF$/)
      .setInputFiles({
        name: `statement-${i}.pdf`,
        mimeType: 'application/pdf',
        buffer: Buffer.from(await statement.bytes),
      });
    await expect(slots.nth(i).locator('.doc-file-name')).toHaveText(/\d{4}\.pdf$/, { timeout: 20_000 });
    await expect(slots.nth(i)).not.toHaveClass(/\bneeds-attention\b/);
  }
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/offers$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: "You're Pre-Qualified. Now Pick Your Path." })).toBeVisible({
    timeout: 20_000,
  });

  // The offers as the api answers them to their owner: the figures come with them, never the statements.
  const answer = (await client.get(`/offer/application/${applicationId}`)).body.data;
  const options = answer.offerOptions as Record<string, string>[];
  expect(options.length).toBeGreaterThan(1);
  expect(answer.affordability).toMatchObject({ readable: true, averageDailyDeposits: DEPOSIT });
  expect(JSON.stringify(answer)).not.toContain('Card settlement');

  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(options.length);
  for (let i = 0; i < options.length; i++) {
    const share = expectedShare(options[i]!);
    await expect(cards.nth(i).locator('.offer-share')).toHaveText(`About ${share}% of what comes in each day`);
    await expect(cards.nth(i).locator('.offer-lowest')).toHaveText(
      /^(Lowest balance with this payment|With this payment, your balance would have gone below zero): -?\$[\d,]+\.\d{2} on \w+ \d{1,2}, \d{4}$/,
    );
  }
  await expect(page.getByText('on an average business day, $5,000.00 comes in')).toBeVisible();

  // The comparison: a real table, its caption, its headers, one row per offer; reached by keyboard.
  const table = page.getByRole('table', { name: 'Your offers side by side' });
  await expect(table).toBeVisible();
  for (const header of ['Amount', 'Term', 'Payment', 'Total payback', 'Cost of capital', 'Estimated APR'])
    await expect(table.getByRole('rowheader', { name: header, exact: true })).toBeVisible();
  // A column per offer, under the corner's 'Offer'.
  await expect(table.getByRole('columnheader')).toHaveCount(options.length + 1);
  const payments = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Payment', exact: true }) });
  await expect(payments.getByRole('cell').filter({ hasText: 'each business day' })).toHaveCount(
    options.filter((o) => !o.maxAmount).length,
  );
  const shares = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Share of daily deposits' }) });
  await expect(shares.getByRole('cell')).toHaveText(
    options.map((o) => `${Math.round(expectedShareTenths(o) * 10) / 10}%`),
  );
  await page.getByRole('heading', { name: "You're Pre-Qualified. Now Pick Your Path." }).click();
  await tabTo(page, 'Offer comparison, scrolls sideways');
  expect(await focusedName(page)).toBe('Offer comparison, scrolls sideways');
  await expectNoAxeViolations(page, '/offers with the comparison table');
  await expectNoSidewaysScroll(page, '/offers with the comparison table');

  // On a phone the table scrolls in its own region, to its last offer; the figures' names stay in view.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const region = page.getByRole('region', { name: 'Offer comparison, scrolls sideways' });
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  expect(await region.evaluate((el) => el.scrollLeft), 'the region scrolls sideways').toBeGreaterThan(0);
  const frame = (await region.boundingBox())!;
  const name = (await table.getByRole('rowheader', { name: 'Amount', exact: true }).boundingBox())!;
  expect(Math.abs(name.x - frame.x), 'the row header at the region’s left edge').toBeLessThanOrEqual(2);
  const lastOffer = (await table.getByRole('columnheader').last().boundingBox())!;
  expect(lastOffer.x + lastOffer.width, 'the last offer whole').toBeLessThanOrEqual(frame.x + frame.width + 1);
  expect(lastOffer.x, 'the last offer clear of the row headers').toBeGreaterThanOrEqual(name.x + name.width - 1);
  await expectNoSidewaysScroll(page, '/offers at 390 px');
  await region.screenshot({ path: `test-results/shots/offer-compare-390-${info.project.name}.png` });
  await page.setViewportSize(viewport);
  await page.screenshot({ path: `test-results/shots/offer-affordability-en-${info.project.name}.png`, fullPage: true });

  // In French: the same share in French words and numbers, the table in French, axe again.
  await page.getByRole('button', { name: 'Français' }).click();
  const fr = new Intl.NumberFormat('fr-CA', { style: 'percent', maximumFractionDigits: 2 });
  for (let i = 0; i < options.length; i++)
    await expect(cards.nth(i).locator('.offer-share')).toHaveText(
      `Environ ${fr.format(expectedShare(options[i]!) / 100)} de ce qui entre chaque jour`,
    );
  await expect(page.getByRole('table', { name: 'Vos offres côte à côte' })).toBeVisible();
  await expectNoAxeViolations(page, '/offers in French with the comparison table');
  await expectNoSidewaysScroll(page, '/offers in French');
  await page.screenshot({ path: `test-results/shots/offer-affordability-fr-${info.project.name}.png`, fullPage: true });
});

test('statements that cannot be read well enough: a clear note, no figures, the offers as before', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const email = `afford-unread-${info.project.name}-${Date.now()}@example.com`;
  const { slots } = await toBankStatements(page, email);
  await expect(slots).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await slots
      .nth(i)
      .getByLabel(/PDF$/)
      .setInputFiles(pdf(`statement-${i}.pdf`));
    await expect(slots.nth(i).locator('.doc-file-name')).toHaveText(/\d{4}\.pdf$/, { timeout: 20_000 });
  }
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/offers$/, { timeout: 30_000 });
  await expect(
    page.getByText(
      'We could not read your bank statements well enough to say what each offer would cost your business day to day. Your offers are not affected.',
    ),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.offer-share')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Your offers side by side' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Share of daily deposits' })).toHaveCount(0);
});
