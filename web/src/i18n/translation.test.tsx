import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { frCA } from './fr-ca';
import { addWords, loadLanguage, translator } from './i18n';
import { Trans, useTranslation } from './translation';

describe('the translation layer', () => {
  addWords('fr-CA', frCA);
  const en = translator('en');
  const fr = translator('fr-CA');

  it('chooses the plural form by the language’s own rules (French: 0 and 1 are singular)', () => {
    expect(en('form.errorSummaryIntro', { count: 1 })).toBe('Please correct this field:');
    expect(en('form.errorSummaryIntro', { count: 3 })).toBe('Please correct these 3 fields:');
    expect(en('offers.months', { count: 0 })).toBe('0 months');
    expect(fr('offers.months', { count: 0 })).toBe(frCA.offers.months_one.replace('{{count}}', '0'));
    expect(fr('offers.months', { count: 2 })).toBe(frCA.offers.months_other.replace('{{count}}', '2'));
  });

  it('puts values in, falls back to a default value, else shows the key', () => {
    expect(en('signUp.trusted', { n: '3,000' })).toBe('Trusted by 3,000+ business owners');
    expect(en('options.states.nowhere', { defaultValue: 'Nowhere' })).toBe('Nowhere');
    expect(en('no.such.key')).toBe('no.such.key');
  });

  it('shows a text’s tags as elements, and a value as text, never markup', () => {
    render(
      <p data-testid="p">
        <Trans i18nKey="code.sent" values={{ destination: '<b>a@b.c</b>' }} components={{ strong: <strong /> }} />
      </p>,
    );
    const p = screen.getByTestId('p');
    expect(p.querySelector('strong')?.textContent).toBe('<b>a@b.c</b>');
    expect(p.querySelector('b')).toBeNull();
    expect(p.textContent).toBe('We sent a 6-digit code to <b>a@b.c</b>. Enter it below to confirm your email address.');
  });

  it('re-renders in the new language when it changes', async () => {
    function Title() {
      const { t, i18n } = useTranslation();
      return <h1 lang={i18n.language}>{t('signUp.title')}</h1>;
    }
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe('Apply for a Business Loan');
    await act(() => loadLanguage('fr-CA'));
    expect(screen.getByRole('heading').textContent).toBe(frCA.signUp.title);
    expect(document.documentElement.lang).toBe('fr-CA');
  });
});
