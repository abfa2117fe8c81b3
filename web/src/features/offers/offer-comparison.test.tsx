// The offers side by side and each offer against the statements, in both languages.
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { OfferAffordability } from '@portal/libs';
import { loadLanguage } from '../../i18n/i18n';
import { AffordabilityNote, OfferAffordabilityLines } from './offer-affordability';
import { OfferComparison } from './offer-comparison';

afterEach(async () => {
  await act(() => loadLanguage('en'));
});

const standard = {
  id: 'std-1',
  offeredAmount: '2000.00',
  dailyPayment: '100.00',
  noOfdailyPayments: '21',
  monthlyTerm: '1',
  totalPayment: '2100.00',
  isSelected: 'false',
};
const line = { id: 'loc', maxAmount: '10000.00', termYears: '2', monthlyPayments: '499.24', isSelected: 'false' };
const names = { 'std-1': '1-month term', loc: 'Line of credit' };
const measured: OfferAffordability = {
  readable: true,
  averageDailyDeposits: 1_000,
  options: [
    { id: 'std-1', payment: 100, frequency: 'daily', sharePercent: 10, lowestBalance: -250.5, lowestOn: '2026-08-27' },
    { id: 'loc', payment: 499.24, frequency: 'monthly', sharePercent: 2.4, lowestBalance: 900, lowestOn: '2026-08-03' },
  ],
};

/** Text with every kind of space as a plain one (French writes no-break and narrow no-break spaces). */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const row = (table: HTMLElement, header: string) =>
  [...within(table).getByRole('rowheader', { name: header }).closest('tr')!.querySelectorAll('td')].map((td) =>
    plain(td.textContent),
  );

it('a column per offer, a row per figure: the hand-computed cost of capital and APR', () => {
  render(<OfferComparison options={[standard, line]} names={names} affordability={measured} />);
  const table = screen.getByRole('table', { name: 'Your offers side by side' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Offer', '1-month term', 'Line of credit']);
  expect(row(table, 'Payment')).toEqual(['$100.00 each business day', '$499.24 a month if fully drawn']);
  expect(row(table, 'Cost of capital')).toEqual(['$100.00', '$1,981.76']);
  expect(row(table, 'Estimated APR')).toEqual(['112.9%', '18%']);
  expect(row(table, 'Share of daily deposits')).toEqual(['10%', '2.4%']);
  expect(screen.getByRole('region', { name: 'Offer comparison, scrolls sideways' }).getAttribute('tabindex')).toBe('0');
});

it('in French: the figures and words as French writes them; a balance below zero said so', async () => {
  await act(() => loadLanguage('fr-CA'));
  render(<OfferComparison options={[standard, line]} names={names} affordability={measured} />);
  const table = screen.getByRole('table', { name: 'Vos offres côte à côte' });
  expect(row(table, 'Coût du capital')).toEqual(['100,00 $', '1 981,76 $']);
  expect(row(table, 'TAP estimé')).toEqual(['112,9 %', '18 %']);
  const { container } = render(<OfferAffordabilityLines measured={measured.options[0]} />);
  expect(plain(container.querySelector('.offer-share')?.textContent)).toBe('Environ 10 % de ce qui entre chaque jour');
  expect(plain(container.querySelector('.offer-lowest.below-zero')?.textContent)).toBe(
    'Avec ce paiement, votre solde serait passé sous zéro : -250,50 $ le 27 août 2026',
  );
});

it('says when the statements could not be read, and leaves the share row out', () => {
  render(<OfferComparison options={[standard, line]} names={names} affordability={{ readable: false }} />);
  render(<AffordabilityNote affordability={{ readable: false }} />);
  expect(screen.getByRole('note').textContent).toMatch(/^We could not read your bank statements well enough/);
  expect(screen.queryByRole('rowheader', { name: 'Share of daily deposits' })).toBeNull();
});
