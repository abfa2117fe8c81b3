/**
 * /bank-statements for a Canadian business: Plaid's Statements is US only, so the bank connection is not
 * offered (no Link token is asked for); the page says so plainly, in both languages, and the slots stay.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../i18n/i18n';
import { documentsApi } from '../../lib/documents-api';
import { journeyApi } from '../../lib/journey/journey-api';
import { applicantAt, businessOf, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { bankApi } from './bank-api';
import { BankStatementsPage } from './bank-statements-page';

const canadian = businessOf({
  addressData: { address: '1 King St W', city: 'Toronto', state: 'ON', zip: 'M5V 2T6', country: 'CA' },
});
const at = applicantAt({ pageName: 'DOCUMENTS', pageStep: 1, path: '/bank-statements' });

beforeEach(() => {
  vi.spyOn(journeyApi, 'business').mockResolvedValue(canadian);
  vi.spyOn(documentsApi, 'list').mockResolvedValue([]);
  vi.spyOn(bankApi, 'status').mockResolvedValue({ available: true, notOffered: 'country', connected: false });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => loadLanguage('en'));
});

it.each([
  ['en', 'Connecting a Canadian bank is not available yet: please upload your statements as PDFs.'],
  [
    'fr-CA',
    // Testing Library reads the no-break space before the colon as a space.
    'La connexion à une banque canadienne n’est pas encore offerte : veuillez téléverser vos relevés en PDF.',
  ],
] as const)('a Canadian business, in %s, is told to upload: no bank to connect', async (lng, note) => {
  await act(() => loadLanguage(lng));
  const linkToken = vi.spyOn(bankApi, 'linkToken');
  renderJourneyPage(<BankStatementsPage />, at);
  expect(await screen.findByText(note)).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Connect your bank|Connecter votre banque/ })).toBeNull();
  expect(document.body.querySelectorAll('input[type="file"]').length).toBeGreaterThan(0);
  expect(linkToken).not.toHaveBeenCalled();
});
