/**
 * Amounts typed the French way were read x100 ('450 000,50' became $45,000,050). The
 * journey's number inputs now write and read numbers the applicant's language's way, and refuse with a
 * message what could be read two ways.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { financialPage, resetAfterEach, savedBusiness, valueOf } from './financial-page.test-support';
import { OwnersPage } from './owners-page';
import { loadLanguage } from '../../i18n/i18n';
import { journeyApi, type OwnerSetView } from '../../lib/journey/journey-api';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';

const NBSP = '\u00a0';
resetAfterEach();

describe('French amounts (fr-CA)', () => {
  it('types 450 000,50, shows 450 000,50 $ and sends 450000.5', async () => {
    await act(() => loadLanguage('fr-CA'));
    const save = await financialPage();
    const revenue = await screen.findByLabelText('Revenus annuels');
    expect(revenue.getAttribute('placeholder')).toBe(`0${NBSP}$`);
    await userEvent.type(revenue, '450 000,50');
    expect(valueOf('Revenus annuels')).toBe(`450${NBSP}000,50${NBSP}$`);
    // Pasted with narrow no-break spaces and the sign before: the same number.
    await userEvent.click(screen.getByLabelText('Montant demandé'));
    await userEvent.paste('$150\u202f000');
    expect(valueOf('Montant demandé')).toBe(`150${NBSP}000${NBSP}$`);
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    // With the revision of the answers shown (none saved yet: 0), see answers-changed.test.tsx.
    expect(save.mock.calls[0]![2]).toEqual({ annualRevenue: 450000.5, amountRequested: 150000, revision: 0 });
  });

  it('shows a saved amount the French way', async () => {
    await act(() => loadLanguage('fr-CA'));
    await financialPage({ annualRevenue: 1200000, amountRequested: 450000.5 });
    await screen.findByLabelText('Revenus annuels');
    expect(valueOf('Revenus annuels')).toBe(`1${NBSP}200${NBSP}000${NBSP}$`);
    expect(valueOf('Montant demandé')).toBe(`450${NBSP}000,50${NBSP}$`);
  });

  it('refuses a dot, and a comma that could be a group separator, with a message; nothing is sent', async () => {
    await act(() => loadLanguage('fr-CA'));
    const save = await financialPage();
    const revenue = await screen.findByLabelText('Revenus annuels');
    await userEvent.type(revenue, '1.234');
    expect(valueOf('Revenus annuels')).toContain('1.234');
    await userEvent.click(screen.getByLabelText('Montant demandé'));
    await userEvent.paste('1,234');
    expect(valueOf('Montant demandé')).toBe('1,234');
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText(/Le point n’est pas accepté/)).toBeTruthy();
    expect(screen.getByText(/la virgule marque les cents/)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    // Corrected in place: the text becomes a number again, formatted, and the message goes.
    await userEvent.clear(screen.getByLabelText('Montant demandé'));
    await userEvent.type(screen.getByLabelText('Montant demandé'), '1234');
    expect(valueOf('Montant demandé')).toBe(`1${NBSP}234${NBSP}$`);
    expect(screen.queryByText(/la virgule marque les cents/)).toBeNull();
  });

  it('refuses 450,000 and 60,000 typed key by key (once shown 450,00 $ and saved as 450) with advice', async () => {
    await act(() => loadLanguage('fr-CA'));
    const save = await financialPage();
    await userEvent.type(await screen.findByLabelText('Revenus annuels'), '450,000');
    expect(valueOf('Revenus annuels')).toBe(`450,000${NBSP}$`);
    await userEvent.type(screen.getByLabelText('Montant demandé'), '60,000');
    expect(valueOf('Montant demandé')).toBe(`60,000${NBSP}$`);
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    // The catalogue's no-break spaces are read as spaces here (Testing Library's default normalizer).
    const advice = 'Écrivez 450 000 ou 450000 : la virgule marque les cents, comme dans 450 000,50.';
    expect((await screen.findAllByText(advice)).length).toBeGreaterThanOrEqual(2);
    expect(save).not.toHaveBeenCalled();

    // Written the French way, the same amounts go.
    await userEvent.clear(screen.getByLabelText('Revenus annuels'));
    await userEvent.type(screen.getByLabelText('Revenus annuels'), '450 000');
    await userEvent.clear(screen.getByLabelText('Montant demandé'));
    await userEvent.type(screen.getByLabelText('Montant demandé'), '60000,50');
    expect(valueOf('Montant demandé')).toBe(`60${NBSP}000,50${NBSP}$`);
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]![2]).toMatchObject({ annualRevenue: 450000, amountRequested: 60000.5 });
  });
});

describe('English amounts', () => {
  it('types 450,000.50 as $450,000.50; 1,5 (a comma before cents) is refused as ambiguous', async () => {
    const save = await financialPage();
    const revenue = await screen.findByLabelText('Annual revenue');
    expect(revenue.getAttribute('placeholder')).toBe('$0');
    await userEvent.type(revenue, '450,000.50');
    expect(valueOf('Annual revenue')).toBe('$450,000.50');
    await userEvent.type(screen.getByLabelText('Amount requested'), '1,5');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/can be read two ways/)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });
});

describe('English amounts, three digits after the point', () => {
  it('refuses 450.000 typed key by key with advice, and takes 450,000 and 1.50', async () => {
    const save = await financialPage();
    await userEvent.type(await screen.findByLabelText('Annual revenue'), '450.000');
    expect(valueOf('Annual revenue')).toBe('$450.000');
    await userEvent.type(screen.getByLabelText('Amount requested'), '1.50');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Write 450,000 or 450000: a period marks the cents, as in 450,000.50.'),
    ).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Annual revenue'));
    await userEvent.type(screen.getByLabelText('Annual revenue'), '450,000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]![2]).toMatchObject({ annualRevenue: 450000, amountRequested: 1.5 });
  });
});

describe('owner share and score', () => {
  it('in French: 51,5 is a share of 51.5, a share typed over 100 is capped at 100, a score takes no decimals', async () => {
    await act(() => loadLanguage('fr-CA'));
    const set: OwnerSetView = {
      _id: 'os-1',
      applicationId: 'app-1',
      businessId: 'b-1',
      owners: [],
      sameAsBusinessInfo: false,
    };
    vi.spyOn(journeyApi, 'business').mockResolvedValue({
      ...savedBusiness,
      addressData: { address: '', city: '', state: '', zip: '', country: 'CA' },
    });
    vi.spyOn(journeyApi, 'owners').mockResolvedValue({
      ...set,
      owners: [{ ownershipPercent: 62.5, creditReport: 780 }],
    });
    renderJourneyPage(<OwnersPage />, applicantAt({ pageName: 'OWNERS', pageStep: 1, path: '/owners' }));
    const share = await screen.findByLabelText('Pourcentage de propriété');
    expect(valueOf('Pourcentage de propriété')).toBe('62,5');
    expect(valueOf('Pointage de crédit estimé')).toBe('780');
    await userEvent.clear(share);
    await userEvent.type(share, '150');
    expect(valueOf('Pourcentage de propriété')).toBe('100');
    await userEvent.clear(share);
    await userEvent.type(share, '51,5');
    expect(valueOf('Pourcentage de propriété')).toBe('51,5');
    const score = screen.getByLabelText('Pointage de crédit estimé');
    await userEvent.clear(score);
    await userEvent.type(score, '7,5');
    // Kept as typed (not 75), refused on submit with its message.
    expect(valueOf('Pointage de crédit estimé')).toBe('7,5');
    await userEvent.click(screen.getByRole('button', { name: 'Poursuivre' }));
    expect(await screen.findByText('Entrez un nombre entier')).toBeTruthy();
  });
});
