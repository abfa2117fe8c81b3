import { describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../tests/support/pdf-text';
import { renderApplicationPdf } from './application-pdf';
import { addressLine, answerWriter } from './pdf-answers';

describe('the application PDF’s answers in the applicant’s language', () => {
  it('writes pick-list values by their French labels and amounts the French way for fr-CA', () => {
    const say = answerWriter('fr-CA');
    expect(say.pick('legalEntities', 'LLC')).toBe('SARL (LLC)');
    expect(say.pick('industries', 'Truck Transportation')).toBe('Transport par camion');
    expect(say.pick('useOfProceeds', 'Working Capital')).toBe('Fonds de roulement');
    expect(say.pick('yesNo', 'Yes')).toBe('Oui');
    expect(say.picks('products', ['Line of Credit', 'Term Loan'])).toBe('Marge de crédit, Prêt à terme');
    // Intl's French form, with a plain no-break space (WinAnsi has no narrow one).
    expect(say.money(1234567.5)).toBe('1\u00a0234\u00a0567,50\u00a0$');
    expect(say.money(undefined)).toBe('');
    // A value no list knows (an old record) is written as it is.
    expect(say.pick('industries', 'Basket Weaving')).toBe('Basket Weaving');
  });

  it('keeps the record’s English and $1,234.00 otherwise', () => {
    const say = answerWriter('en');
    expect(say.pick('legalEntities', 'LLC')).toBe('LLC');
    expect(say.picks('products', ['Line of Credit', 'Term Loan'])).toBe('Line of Credit, Term Loan');
    expect(say.money(1234567.5)).toBe('$1,234,567.50');
    expect(say.date('2012-05-01')).toBe('2012-05-01');
  });

  it('writes pick-list values by their Spanish labels, amounts and dates the US Spanish way for es-US', () => {
    const say = answerWriter('es-US');
    expect(say.pick('legalEntities', 'LLC')).toBe('Compañía de responsabilidad limitada (LLC)');
    expect(say.pick('industries', 'Truck Transportation')).toBe('Autotransporte de carga');
    expect(say.pick('yesNo', 'Yes')).toBe('Sí');
    expect(say.pick('states', 'New Mexico')).toBe('Nuevo México');
    expect(say.picks('products', ['Line of Credit', 'Term Loan'])).toBe('Línea de crédito, Préstamo a plazo');
    expect(say.money(1234567.5)).toBe('$1,234,567.50');
    expect(say.money('12')).toBe('');
    expect(say.date('2012-05-01')).toBe('1 de mayo de 2012');
    expect(say.pick('industries', 'Basket Weaving')).toBe('Basket Weaving');
  });

  it('renders them in the French PDF', async () => {
    const say = answerWriter('fr-CA');
    const pdf = await renderApplicationPdf({
      company: 'Boulangerie Roy inc.',
      language: 'fr-CA',
      rows: [
        ['legalEntity', say.pick('legalEntities', 'Corporation')],
        ['amountRequested', say.money(150000)],
        ['productsInterestedIn', say.picks('products', ['Equipment'])],
      ],
      owners: [],
    });
    const lines = (await pdfTextLines(pdf)).join('\n').replace(/\u00a0/g, ' ');
    expect(lines).toContain('Forme juridique');
    expect(lines).toContain('Société par actions');
    expect(lines).toContain('150 000,00 $');
    expect(lines).toContain('Équipement');
    expect(lines).not.toContain('?');
  });

  it('writes a postal code kept in lower case (a record from before) in its one written form', () => {
    expect(addressLine({ address: '1 rue A', city: 'Montréal', state: 'QC', zip: 'h2x1y4', country: 'CA' })).toBe(
      '1 rue A, Montréal, QC, H2X 1Y4, CA',
    );
  });
});
