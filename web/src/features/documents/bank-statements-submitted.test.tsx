/**
 * /bank-statements once the application is submitted: the statements are shown read-only (no upload, no
 * removal, no bank connection, no Proceed), and the page says why, in both languages.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { statementMonths } from '@portal/libs';
import { loadLanguage } from '../../i18n/i18n';
import { documentsApi } from '../../lib/documents-api';
import { journeyApi } from '../../lib/journey/journey-api';
import { applicantAt, businessOf, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { BankStatementsPage } from './bank-statements-page';

const business = businessOf();
const [month] = statementMonths(business.addressData?.state, new Date());
const statement = {
  _id: 'f1',
  fileName: 'statement.pdf',
  fileType: 'Bank Statement' as const,
  monthLabel: month!,
  size: 20480,
  advice: [],
};

const at = applicantAt({ pageName: 'DOCUMENTS', pageStep: 3, path: '/offers' });
const submitted = {
  ...at,
  applications: [{ ...at.applications[0]!, applicationStatus: 'Submitted', sfOpportunityId: 'opp-1' }],
};

beforeEach(() => {
  vi.spyOn(journeyApi, 'business').mockResolvedValue(business);
  vi.spyOn(documentsApi, 'list').mockResolvedValue([statement]);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => loadLanguage('en'));
});

it.each([
  ['en', 'Your application is submitted: its documents can no longer be added or changed here.'],
  ['fr-CA', 'Votre demande est soumise : ses documents ne peuvent plus être ajoutés ni modifiés ici.'],
] as const)(
  'after submission, in %s, shows the statements with no way to upload, remove or connect',
  async (lng, note) => {
    await act(() => loadLanguage(lng));
    renderJourneyPage(<BankStatementsPage />, submitted);
    const container = document.body;
    expect(await screen.findByText(note)).toBeTruthy();
    expect(container.querySelector('.doc-file-name')?.textContent).toMatch(/pdf$/);
    expect(container.querySelectorAll('.doc-slot').length).toBeGreaterThan(0);
    // No file input, no 'Use my phone', no Remove, no bank connection, no Proceed.
    expect(container.querySelectorAll('input[type="file"]')).toHaveLength(0);
    expect(container.querySelectorAll('.doc-slot-phone, .doc-slot-pick')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Remove|Retirer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Proceed|Poursuivre/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /bank|banque/i })).toBeNull();
  },
);

it('before submission the same page still takes uploads', async () => {
  const open = {
    ...at,
    applications: [{ ...at.applications[0]!, stage: { pageName: 'DOCUMENTS', pageStep: 1, path: '/bank-statements' } }],
  };
  renderJourneyPage(<BankStatementsPage />, open as typeof at);
  await screen.findByText('statement.pdf');
  expect(document.body.querySelectorAll('input[type="file"]').length).toBeGreaterThan(0);
  expect(screen.getByRole('button', { name: 'Proceed' })).toBeTruthy();
  expect(screen.queryByText(/Your application is submitted/)).toBeNull();
});
