// A statement that needs attention (password-protected, another month) keeps its slot amber
// with its reason, and Proceed asks before going on; a good statement's slot is green. The question is a
// warning, never a refusal: the applicant may go on to /offers. English at 1280 px, French at 390 px.
import { expect, test } from '@playwright/test';
import { onePagePdf, userPasswordPdf } from '../support/pdf-fixtures';
import { pdf, toBankStatements } from './journey.steps';
import { expectNoAxeViolations } from './keyboard';

test('a protected or wrong-month statement keeps its slot amber, and Proceed asks before going on', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const email = `amber-${info.project.name}-${Date.now()}@example.com`;
  const { slots } = await toBankStatements(page, email);
  await expect(slots).toHaveCount(3);
  const upload = (i: number, file: { name: string; buffer: Buffer }) =>
    slots
      .nth(i)
      .getByLabel(/PDF$/)
      .setInputFiles({ ...file, mimeType: 'application/pdf' });
  await upload(0, { name: 'locked.pdf', buffer: userPasswordPdf() });
  const january2020 = await onePagePdf({ text: 'Statement period: January 1, 2020 - January 31, 2020' });
  await upload(1, { name: 'old.pdf', buffer: Buffer.from(january2020) });
  await upload(2, pdf('good.pdf'));

  // Each needing one keeps its slot amber (not green) with its reason; the good one is green.
  await expect(slots.nth(0).getByText('This file is password-protected', { exact: false })).toBeVisible({
    timeout: 20_000,
  });
  await expect(slots.nth(1).getByText(/This statement seems to cover January 1\s*–\s*31, 2020/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(slots.nth(2).locator('.doc-file-name')).toHaveText(/\d{4}\.pdf$/, { timeout: 20_000 });
  for (const i of [0, 1]) {
    await expect(slots.nth(i)).toHaveClass(/\bneeds-attention\b/);
    await expect(slots.nth(i).getByRole('heading')).toContainText('Needs attention');
  }
  await expect(slots.nth(2)).toHaveClass(/\bhas-files\b/);
  await expect(slots.nth(2)).not.toHaveClass(/\bneeds-attention\b/);
  const amber = await slots.nth(0).evaluate((el) => getComputedStyle(el).borderTopColor);
  const green = await slots.nth(2).evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(amber).not.toBe(green);

  // Proceed asks, naming the months; 'Review my statements' stays, focus back on Proceed.
  const proceed = page.getByRole('button', { name: 'Proceed' });
  await proceed.click();
  const dialog = page.getByRole('dialog', { name: 'Some statements need attention' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/We could not confirm these statements: \w+ 2026 and \w+ 2026\./)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Review my statements' })).toBeFocused();
  await expectNoAxeViolations(page, 'the statements-need-attention question');
  await page.screenshot({ path: `test-results/shots/amber-statement-en-${info.project.name}.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Review my statements' }).click();
  await expect(dialog).toBeHidden();
  await expect(proceed).toBeFocused();
  await expect(page).toHaveURL(/\/bank-statements$/);

  // In French: the flag and the question in French; 'Poursuivre quand même' goes on (a warning only).
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(slots.nth(0).getByRole('heading')).toContainText('À vérifier');
  await page.getByRole('button', { name: 'Poursuivre' }).click();
  const question = page.getByRole('dialog', { name: 'Certains relevés sont à vérifier' });
  await expect(
    question.getByText(/Nous n’avons pas pu confirmer ces relevés\u00a0: \S+ 2026 et \S+ 2026\./),
  ).toBeVisible();
  await page.screenshot({ path: `test-results/shots/amber-statement-fr-${info.project.name}.png`, fullPage: true });
  await question.getByRole('button', { name: 'Poursuivre quand même' }).click();
  await expect(page).toHaveURL(/\/offers$/, { timeout: 30_000 });
});

test('good statements stay green and Proceed goes straight on', async ({ page }, info) => {
  test.setTimeout(180_000);
  const email = `green-${info.project.name}-${Date.now()}@example.com`;
  const { slots } = await toBankStatements(page, email);
  await expect(slots).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await slots
      .nth(i)
      .getByLabel(/PDF$/)
      .setInputFiles(pdf(`statement-${i}.pdf`));
    await expect(slots.nth(i).locator('.doc-file-name')).toHaveText(/\d{4}\.pdf$/, { timeout: 20_000 });
  }
  for (let i = 0; i < 3; i++) await expect(slots.nth(i)).not.toHaveClass(/\bneeds-attention\b/);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/offers$/, { timeout: 30_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
