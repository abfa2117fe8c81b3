import { act, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n/i18n';
import { OfferCard } from './offer-card';
import { OfferComparison } from './offer-comparison';

afterEach(async () => {
  await act(() => loadLanguage('en'));
});

// The offer-calculation stand-in's 12-month option for its README example (every value a string, as the calculation answers them).
const standard = {
  id: 'std-12',
  offeredAmount: '180000.00',
  noOfdailyPayments: '252',
  dailyPayment: '871.43',
  dailyPayments: '871.43',
  totalDailyPayments: '219600.00',
  noOfweeklyPayments: '52',
  weeklyPayment: '4223.08',
  weeklyPayments: '219600.00',
  monthlyTerm: '12',
  monthlyPayment: '18300.00',
  totalPayment: '219600.00',
  offerIndex: '2',
  offerLabel: '12-month term',
  isSelected: 'false',
};

const fact = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling?.textContent;

it('shows the standard option’s monthly payment beside its total and schedules', () => {
  render(<OfferCard option={standard} selected={false} onSelect={() => undefined} />);
  const card = screen.getByRole('article', { name: '12-month term' });
  expect(fact(card, 'Monthly payment')).toBe('$18,300.00');
  expect(fact(card, 'Total payback')).toBe('$219,600.00');
  expect(fact(card, 'Daily')).toBe('252 payments of $871.43');
});

it('leaves the row out rather than show $0.00 when a service sends no monthly payment', () => {
  const { monthlyPayment: _none, ...without } = standard;
  render(<OfferCard option={without} selected />);
  expect(within(screen.getByRole('article')).queryByText('Monthly payment')).toBeNull();
});

const line = {
  id: 'loc',
  maxAmount: '10000.00',
  termYears: '2',
  monthlyInterestRate: '1.5',
  monthlyPayments: '499.24',
  isSelected: 'false',
};
const measured = {
  id: 'loc',
  payment: 499.24,
  frequency: 'monthly' as const,
  sharePercent: 8.5,
  lowestBalance: 900,
  lowestOn: '2026-08-03',
};
/** Text with every kind of space as a plain one (French writes no-break and narrow no-break spaces). */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

it.each([
  {
    lng: 'en',
    name: 'Line of credit',
    labels: ['Term', 'Total payback', 'Estimated APR', 'Monthly interest rate'],
    share: 'About 8.5% of',
    shown: ['24 months', '$11,981.76', '18%', '1.5%'],
  },
  {
    lng: 'fr-CA',
    name: 'Marge de crédit',
    labels: ['Durée', 'Remboursement total', 'TAP estimé', 'Taux d’intérêt mensuel'],
    share: 'Environ 8,5 % de',
    shown: ['24 mois', '11 981,76 $', '18 %', '1,5 %'],
  },
  {
    lng: 'es-US',
    name: 'Línea de crédito',
    labels: ['Plazo', 'Total a pagar', 'APR estimada', 'Tasa de interés mensual'],
    share: 'Aproximadamente 8.5% de',
    shown: ['24 meses', '$11,981.76', '18%', '1.5%'],
  },
] as const)(
  'in $lng, the line of credit’s card writes its term, payback, APR and share as the table does',
  async ({ lng, name, labels, share, shown }) => {
    await act(() => loadLanguage(lng));
    const [term, payback, apr, rate] = labels;
    render(<OfferCard option={line} selected={false} measured={measured} />);
    render(
      <OfferComparison
        options={[standard, line]}
        names={{ 'std-12': '12', loc: name }}
        affordability={{
          readable: true,
          averageDailyDeposits: 1000,
          options: [{ ...measured, id: 'std-12' }, measured],
        }}
      />,
    );
    const card = screen.getByRole('article', { name });
    const cell = (row: string) =>
      plain(
        within(screen.getByRole('table')).getByRole('rowheader', { name: row }).closest('tr')!.lastElementChild!
          .textContent,
      );
    expect([term, payback, apr, rate].map((label) => plain(fact(card, label)))).toEqual(shown);
    expect(plain(fact(card, term))).toBe(cell(term));
    expect(plain(fact(card, payback))).toBe(cell(payback));
    expect(plain(fact(card, apr))).toBe(cell(apr));
    expect(plain(card.querySelector('.offer-share')?.textContent)).toContain(share);
  },
);
