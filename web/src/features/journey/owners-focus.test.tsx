/**
 * An incomplete Proceed on /owners: the error summary names the fields in error and takes focus (on a
 * phone the first error is far above the button), as on every other step.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { journeyApi } from '../../lib/journey/journey-api';
import { applicantAt, businessOf, NO_OWNERS, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { OwnersPage } from './owners-page';

const user = applicantAt({ pageName: 'BUSINESS', pageStep: 3, path: '/owners' });
const business = businessOf();

afterEach(() => vi.restoreAllMocks());

describe('/owners: an incomplete Proceed', () => {
  it('shows the error summary, which takes focus and names the fields in error', async () => {
    vi.spyOn(journeyApi, 'business').mockResolvedValue(business);
    vi.spyOn(journeyApi, 'owners').mockResolvedValue(NO_OWNERS);
    const save = vi.spyOn(journeyApi, 'saveOwners');
    renderJourneyPage(<OwnersPage />, user);
    const proceed = await screen.findByRole('button', { name: 'Proceed' });
    await act(() => userEvent.type(screen.getByLabelText('First name'), 'Ada'));
    proceed.focus();
    await act(() => userEvent.click(proceed));
    await waitFor(() => expect(document.activeElement?.classList.contains('error-summary')).toBe(true));
    const summary = document.activeElement as HTMLElement;
    expect(summary.textContent).toContain('Last name');
    expect(summary.textContent).not.toContain('First name');
    expect(save).not.toHaveBeenCalled();
  });

  it('opens a closed card in error, so the summary can name and reach its fields', async () => {
    vi.spyOn(journeyApi, 'business').mockResolvedValue(business);
    vi.spyOn(journeyApi, 'owners').mockResolvedValue(NO_OWNERS);
    renderJourneyPage(<OwnersPage />, user);
    const proceed = await screen.findByRole('button', { name: 'Proceed' });
    const card = document.querySelector('details.owner-card') as HTMLDetailsElement;
    await act(() => userEvent.click(card.querySelector('summary')!));
    await waitFor(() => expect(card.open).toBe(false));
    await act(() => userEvent.click(proceed));
    await waitFor(() => expect(document.activeElement?.classList.contains('error-summary')).toBe(true));
    expect(card.open).toBe(true);
    const link = screen.getByRole('link', { name: 'First name' });
    await act(() => userEvent.click(link));
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
  });
});
