/**
 * The legal pages are documents kept whole per language: Spanish is a translation and says so (the English
 * prevails), each is marked with its language, and the support line is written as its language writes it.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n/i18n';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { TermsOfUsePage } from './terms-of-use-page';

afterEach(() => act(() => loadLanguage('en')));

describe.each([
  { page: PrivacyPolicyPage, titles: ['Privacy policy', 'Politique de confidentialité', 'Política de privacidad'] },
  { page: TermsOfUsePage, titles: ['Terms of use', 'Conditions d’utilisation', 'Términos de uso'] },
])('$titles.0', ({ page: Page, titles: [en, fr, es] }) => {
  it('in Spanish: the translation, marked as one and as Spanish, the English prevailing', async () => {
    await act(() => loadLanguage('es-US'));
    render(<Page />);
    const article = screen.getByRole('article');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(es);
    expect(article.getAttribute('lang')).toBe('es-US');
    expect(article.textContent).toMatch(/Esta es una traducción al español .* prevalece la versión en inglés\./);
    expect(screen.getByRole('link', { name: '(888) 555-0142' })).toBeTruthy();
  });

  it('in French and English: the document itself, no translation note, the French phone the French way', async () => {
    await act(() => loadLanguage('fr-CA'));
    const { unmount } = render(<Page />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(fr);
    expect(screen.getByRole('article').getAttribute('lang')).toBe('fr-CA');
    expect(screen.queryByText(/traducción/)).toBeNull();
    expect(screen.getByRole('link', { name: '888 555-0142' })).toBeTruthy();
    unmount();
    await act(() => loadLanguage('en'));
    render(<Page />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en);
    expect(screen.getByRole('article').getAttribute('lang')).toBe('en');
  });
});
