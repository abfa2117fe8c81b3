/**
 * The offer picked and not yet saved is the page's draft, kept by the api (never the browser): it comes
 * back after a session ends or on another device, and is dropped by the api with the pick's save, which
 * the page sends once its draft saves have landed.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { documentsApi } from '../../lib/documents-api';
import { draftsApi } from '../../lib/drafts';
import { journeyApi } from '../../lib/journey/journey-api';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { holdFor } from '../../../../tests/support/until';
import { offersApi, type OfferView } from './offers-api';
import { OffersPage } from './offers-page';

const option = (id: string, months: string) => ({
  id,
  offeredAmount: '180000.00',
  monthlyTerm: months,
  monthlyPayment: '18300.00',
  totalPayment: '219600.00',
  offerLabel: `${months}-month term`,
  isSelected: 'false',
});
const offer: OfferView = {
  _id: 'o-1',
  applicationId: 'app-1',
  offerOptions: [option('std-12', '12'), option('std-18', '18')],
};
const at = { pageName: 'DOCUMENTS', pageStep: 2, path: '/offers' };
const pressed = (name: string) =>
  within(screen.getByRole('article', { name })).getByRole('button').getAttribute('aria-pressed');

beforeEach(() => {
  vi.spyOn(offersApi, 'calculate').mockResolvedValue(offer);
  vi.spyOn(documentsApi, 'list').mockResolvedValue([]);
  vi.spyOn(journeyApi, 'moveStage').mockResolvedValue({ applicationId: 'app-1', ...at, pageStep: 3, isPdfSent: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

it('brings back the pick kept by the api, saves a new one there, and saves the pick once that has landed', async () => {
  vi.spyOn(draftsApi, 'read').mockResolvedValue({ page: 'offer', fields: { choice: 'std-18' } });
  let landed = () => {};
  const save = vi.spyOn(draftsApi, 'save').mockImplementation(() => new Promise<void>((r) => (landed = r)));
  const remove = vi.spyOn(draftsApi, 'remove').mockResolvedValue(undefined);
  const select = vi.spyOn(offersApi, 'select').mockResolvedValue({ ...offer, offerOptions: [] });
  renderJourneyPage(<OffersPage />, applicantAt(at), null);
  await screen.findByRole('heading', { name: "You're Pre-Qualified. Now Pick Your Path." });
  expect(pressed('18-month term')).toBe('true');

  await userEvent.click(within(screen.getByRole('article', { name: '12-month term' })).getByRole('button'));
  await waitFor(
    () => expect(save).toHaveBeenCalledWith({ applicationId: 'app-1', step: 'offer' }, { choice: 'std-12' }),
    {
      timeout: 3000,
    },
  );
  expect(JSON.stringify(localStorage)).not.toContain('std-12');

  // The draft save still on its way: the pick's save (which drops the draft on the api) waits for it.
  await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
  await holdFor(400, 'the pick, were it saved before the draft save landed, would have gone out by now');
  expect(select).not.toHaveBeenCalled();
  await act(async () => landed());
  await waitFor(() => expect(select).toHaveBeenCalledWith('o-1', 'app-1', 'std-12'));
  await waitFor(() => expect(journeyApi.moveStage).toHaveBeenCalled());
  expect(remove).not.toHaveBeenCalled();
  expect(save).toHaveBeenCalledTimes(1);
});

it('a kept pick the offers no longer have is no pick', async () => {
  vi.spyOn(draftsApi, 'read').mockResolvedValue({ page: 'offer', fields: { choice: 'gone-6' } });
  renderJourneyPage(<OffersPage />, applicantAt(at), null);
  await screen.findByRole('heading', { name: "You're Pre-Qualified. Now Pick Your Path." });
  expect(pressed('12-month term')).toBe('false');
  expect(pressed('18-month term')).toBe('false');
  expect(screen.getByRole('button', { name: 'Proceed' })).toHaveProperty('disabled', true);
});
