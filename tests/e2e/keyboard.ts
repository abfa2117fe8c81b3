import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The name a keyboard user hears for the focused element (its label, aria-label or text) and its tag. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el || el === document.body) return { name: '', tag: '' };
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled ? document.getElementById(labelled)?.textContent : undefined;
    const name =
      el.getAttribute('aria-label') ??
      byId ??
      (el.labels && el.labels.length ? el.labels[0]!.textContent : null) ??
      el.textContent ??
      '';
    return { name: name.replace(/\s+/g, ' ').trim(), tag: el.tagName };
  });
export const focusedName = async (page: Page) => (await focused(page)).name;

/** Presses Tab until the focused element has this name (the value of a radio: its option text). */
export async function tabTo(page: Page, name: string | RegExp, { max = 80, back = false, tags = [] as string[] } = {}) {
  const matches = (n: string) => (typeof name === 'string' ? n === name : name.test(n));
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (matches(f.name) && (!tags.length || tags.includes(f.tag))) return;
  }
  throw new Error(`Tab never reached ${String(name)} (last: ${await focusedName(page)})`);
}

export async function typeInto(page: Page, label: string | RegExp, text: string) {
  await tabTo(page, label, { tags: ['INPUT'] });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** A <select> moved with the arrow keys to the option with this text. */
export async function chooseWithKeys(page: Page, label: string | RegExp, option: string) {
  await tabTo(page, label, { tags: ['SELECT'] });
  const read = () =>
    page.evaluate(() => {
      const s = document.activeElement as HTMLSelectElement;
      const labels = [...s.options].map((o) => o.text);
      return { at: s.selectedIndex, labels };
    });
  const { at, labels } = await read();
  const want = labels.indexOf(option);
  if (want < 0) throw new Error(`no option ${option} in ${labels.join(', ')}`);
  for (let i = at; i < want; i++) await page.keyboard.press('ArrowDown');
  for (let i = at; i > want; i--) await page.keyboard.press('ArrowUp');
  expect((await read()).at).toBe(want);
}

/** A radio group: Tab into it, then the arrows to the option (which selects it), then Space. */
export async function chooseRadio(page: Page, option: string, group: string) {
  await tabTo(page, option, { tags: ['INPUT'] });
  const inGroup = await page.evaluate(
    () => document.activeElement?.closest('fieldset')?.querySelector('legend')?.textContent ?? '',
  );
  expect(inGroup).toBe(group);
  await page.keyboard.press('Space');
}

export async function press(page: Page, button: string | RegExp) {
  await tabTo(page, button, { tags: ['BUTTON', 'A'] });
  await page.keyboard.press('Enter');
}

/** A file input reached by Tab and opened with Space: the file chooser it opens gets the file. */
export async function uploadWithKeys(
  page: Page,
  label: string | RegExp,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await tabTo(page, label, { tags: ['INPUT'] });
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(file);
}

/** axe-core against WCAG 2.0, 2.1 and 2.2 A and AA: no violation. */
export async function expectNoAxeViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  const found = results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
  expect(found, `axe on ${what}`).toEqual([]);
}

/**
 * A date field typed segment by segment, as a keyboard user does: Chromium shows month, day, year here
 * (its own locale's order, not the page's), and each segment moves on by itself when full.
 */
export async function typeDate(page: Page, label: string, iso: string) {
  await tabTo(page, label, { tags: ['INPUT'] });
  const [y, m, d] = iso.split('-');
  await page.keyboard.type(`${m}${d}${y}`);
}

/**
 * WCAG 1.4.10 reflow: nothing scrolls sideways. At 390 px this is the 1280 px layout at more than 300%
 * zoom; the 640 px check is the desktop at 200%.
 */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll on ${what}`).toBeLessThanOrEqual(0);
}

/** A screen of a keyboard journey: axe clean, no sideways scroll, photographed as `<lang>-<name>-<project>.png`. */
export async function checkScreen(page: Page, lang: string, name: string, project: string) {
  await expectNoAxeViolations(page, `${lang} ${name}`);
  await expectNoSidewaysScroll(page, `${lang} ${name}`);
  await page.screenshot({ path: `test-results/screenshots/${lang}-${name}-${project}.png`, fullPage: true });
}

export const expectHeading = (page: Page, name: string) =>
  expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

/** A new page puts focus on its heading (routes/shell.tsx). */
export const expectFocusOnHeading = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
