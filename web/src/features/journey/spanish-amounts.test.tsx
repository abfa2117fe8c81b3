/**
 * US Spanish writes numbers the US way ($1,234.56): its inputs read and show them so, and refuse, in Spanish,
 * a number written the French or Mexican way (450 000,50 or 1.234,56) rather than read it x100.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { financialPage, resetAfterEach, valueOf } from './financial-page.test-support';
import { loadLanguage } from '../../i18n/i18n';
import { numberInputFor, numberText } from '../../i18n/number-input';

resetAfterEach();

describe('US Spanish amounts (es-US)', () => {
  it('the inputs take the US separators and the dollar sign before', () => {
    expect(numberInputFor('es-US', 'money')).toMatchObject({
      thousandSeparator: ',',
      decimalSeparator: '.',
      prefix: '$',
      suffix: '',
    });
    expect(numberText(1234.56, 'es-US', 'money')).toBe('$1,234.56');
    expect(numberText(51.5, 'es-US', 'percent')).toBe('51.5');
  });

  it('types 450,000.50, shows $450,000.50 and sends 450000.5; shows a saved amount the same way', async () => {
    await act(() => loadLanguage('es-US'));
    const save = await financialPage({ amountRequested: 150000 });
    const revenue = await screen.findByLabelText('Ingresos anuales');
    expect(valueOf('Monto solicitado')).toBe('$150,000');
    await userEvent.type(revenue, '450,000.50');
    expect(valueOf('Ingresos anuales')).toBe('$450,000.50');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]![2]).toMatchObject({ annualRevenue: 450000.5, amountRequested: 150000 });
  });

  it('refuses 450 000,50 and 450.000 with the Spanish advice; nothing is sent', async () => {
    await act(() => loadLanguage('es-US'));
    const save = await financialPage();
    await userEvent.click(await screen.findByLabelText('Ingresos anuales'));
    await userEvent.paste('450 000,50');
    await userEvent.type(screen.getByLabelText('Monto solicitado'), '450.000');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findAllByText(/Este número se puede leer de dos maneras\./)).not.toHaveLength(0);
    expect(
      screen.getAllByText('Escriba 450,000 o 450000: el punto marca los centavos, como en 450,000.50.'),
    ).not.toHaveLength(0);
    expect(save).not.toHaveBeenCalled();
  });
});
