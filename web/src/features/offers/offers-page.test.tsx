import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { documentsApi } from '../../lib/documents-api';
import { journeyApi } from '../../lib/journey/journey-api';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { offersApi, type OfferView } from './offers-api';
import { OffersPage } from './offers-page';

const option = (id: string, months: string, isSelected: string) => ({
  id,
  offeredAmount: '180000.00',
  monthlyTerm: months,
  monthlyPayment: '18300.00',
  totalPayment: '219600.00',
  offerLabel: `${months}-month term`,
  isSelected,
});
const offer: OfferView = {
  _id: 'o-1',
  applicationId: 'app-1',
  offerOptions: [option('std-12', '12', 'true'), option('std-18', '18', 'false')],
};
const at = (pageStep: number) => ({ pageName: 'DOCUMENTS', pageStep, path: '/offers' });

beforeEach(() => {
  vi.spyOn(offersApi, 'calculate').mockResolvedValue(offer);
  vi.spyOn(documentsApi, 'list').mockResolvedValue([]);
  vi.spyOn(journeyApi, 'moveStage').mockResolvedValue({ applicationId: 'app-1', ...at(3), isPdfSent: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const renderOffers = (pageStep: number) => renderJourneyPage(<OffersPage />, applicantAt(at(pageStep)), null);

const card = (name: string) => screen.getByRole('article', { name });

it('shows the saved pick, takes another, and saves the one picked before moving on', async () => {
  const select = vi.spyOn(offersApi, 'select').mockResolvedValue({ ...offer, offerOptions: [] });
  renderOffers(2);
  await screen.findByRole('heading', { name: "You're Pre-Qualified. Now Pick Your Path." });
  expect(within(card('12-month term')).getByRole('button').getAttribute('aria-pressed')).toBe('true');
  await userEvent.click(within(card('18-month term')).getByRole('button', { name: 'Select Offer' }));
  expect(within(card('18-month term')).getByRole('button').getAttribute('aria-pressed')).toBe('true');
  expect(within(card('12-month term')).getByRole('button').getAttribute('aria-pressed')).toBe('false');
  await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
  await waitFor(() => expect(select).toHaveBeenCalledWith('o-1', 'app-1', 'std-18'));
  await waitFor(() => expect(journeyApi.moveStage).toHaveBeenCalled());
  // Picked on this visit: step 3 thanks, and offers the call before the last documents.
  await screen.findByRole('heading', { name: 'Thanks for Selecting Your Offer' });
  expect(await screen.findByRole('button', { name: 'Schedule a call with my agent' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Submit Application' })).toBeNull();
});

it('an applicant who comes back after picking sees the chosen offer, the last document slots and Submit at once', async () => {
  renderOffers(3);
  await screen.findByRole('heading', { level: 1, name: 'Thanks for Selecting Your Offer' });
  expect(await screen.findByRole('heading', { level: 2, name: 'Two last documents' })).toBeTruthy();
  expect(card('12-month term')).toBeTruthy();
  expect(screen.getByLabelText(/^Voided check\W+PDF$/)).toBeTruthy();
  expect(screen.getByLabelText(/^Driver's license\W+PDF$/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Submit Application' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Schedule a call with my agent' })).toBeNull();
  // Shown on arrival, the documents' heading does not take focus from the page.
  expect(document.activeElement).not.toBe(screen.getByRole('heading', { level: 2, name: 'Two last documents' }));
});

it('submits once each last document is uploaded or marked as not available', async () => {
  const submit = vi.spyOn(offersApi, 'submit').mockResolvedValue({ repName: '', schedulingLink: '' });
  renderOffers(3);
  const send = await screen.findByRole('button', { name: 'Submit Application' });
  expect((send as HTMLButtonElement).disabled).toBe(true);
  // Each box is named by its document (the visible words are the same on both), and a disabled Submit says why.
  const hint = "To submit, upload each document or tick “I don't have this” under it.";
  expect(send.getAttribute('aria-describedby')).toBe('submit-hint');
  expect(screen.getByText(hint).id).toBe('submit-hint');
  await userEvent.click(screen.getByRole('checkbox', { name: "I don't have this (Voided check)" }));
  expect((send as HTMLButtonElement).disabled).toBe(true);
  await userEvent.click(screen.getByRole('checkbox', { name: "I don't have this (Driver's license)" }));
  expect((send as HTMLButtonElement).disabled).toBe(false);
  expect(screen.queryByText(hint)).toBeNull();
  expect(send.getAttribute('aria-describedby')).toBeNull();
  await userEvent.click(send);
  await waitFor(() =>
    expect(submit).toHaveBeenCalledWith('app-1', { voidedCheck: 'notAvailable', driversLicense: 'notAvailable' }),
  );
});
