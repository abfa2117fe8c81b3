import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { OfferCard } from './offer-card';

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
