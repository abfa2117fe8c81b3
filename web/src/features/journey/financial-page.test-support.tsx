// The financial page as the amounts' tests drive it: an applicant on /financial, the business as saved, and the
// save caught (its body read, nothing sent). The language goes back to English after each test.
import { act, screen } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { FinancialPage } from './financial-page';
import { loadLanguage } from '../../i18n/i18n';
import { journeyApi, type BusinessView } from '../../lib/journey/journey-api';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';

export const financialUser = applicantAt({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial' });
export const savedBusiness: BusinessView = { _id: 'b-1', applicationId: 'app-1' };
export const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

/** Restores the spies and English after each of the file's tests. */
export function resetAfterEach() {
  afterEach(async () => {
    vi.restoreAllMocks();
    await act(() => loadLanguage('en'));
  });
}

/** Renders the financial page over the business as saved (with `saved` over it); answers the save's spy. */
export async function financialPage(saved: Partial<BusinessView> = {}) {
  vi.spyOn(journeyApi, 'business').mockResolvedValue({ ...savedBusiness, ...saved });
  const save = vi.spyOn(journeyApi, 'saveBusiness').mockImplementation(async () => ({ ...savedBusiness }));
  renderJourneyPage(<FinancialPage />, financialUser);
  return save;
}
