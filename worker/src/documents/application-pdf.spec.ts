import { describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../tests/support/pdf-text';
import { renderApplicationPdf, type ApplicationPdfData } from './application-pdf';
import { answerWriter, businessRows } from './pdf-answers';

const data: ApplicationPdfData = {
  company: 'Boulangerie Roy inc.',
  rows: [
    ['Legal business name', 'Boulangerie Roy inc.'],
    ['Has real estate', 'No'],
  ],
  owners: [
    {
      name: 'Gabrielle Roy',
      email: 'gabrielle@example.com',
      phone: '5145550123',
      dateOfBirth: '1979-03-21',
      ssnMasked: '***-***-789',
      taxIdLabel: 'SIN',
      ownershipPercent: '100',
      creditScore: '760',
      address: '1000 rue Sherbrooke O, Montréal QC H3A 3G4',
    },
  ],
};

describe('issue 16: the application PDF in the applicant’s language', () => {
  it('writes the form’s words in Canadian French for a fr-CA applicant, the answers as they are', async () => {
    const lines = (await pdfTextLines(await renderApplicationPdf({ ...data, language: 'fr-CA' }))).join('\n');
    expect(lines).toContain("Demande de financement d'entreprise");
    expect(lines).toContain('Dénomination sociale');
    expect(lines).toContain('Possède des biens immobiliers');
    expect(lines).toContain('Non');
    expect(lines).toContain('Propriétaire no 1 (principal)');
    expect(lines).toContain('NAS');
    expect(lines).toContain('Autorisation');
    expect(lines).toContain('Signature : Gabrielle Roy');
    expect(lines).not.toContain('Business Financing Application');
  });

  it('stays in English otherwise', async () => {
    const lines = (await pdfTextLines(await renderApplicationPdf(data))).join('\n');
    expect(lines).toContain('Business Financing Application');
    expect(lines).toContain('Owner #1 (primary)');
    expect(lines).toContain('Signature: Gabrielle Roy');
  });
});

describe('issue 23 item 10: the PDF states only what was answered, with no internal ids', () => {
  // A Québec bakery as saved: DBA left blank, the real-estate question never put (null), a NAICS code.
  const business = {
    businessName: 'Boulangerie Roy inc.',
    // As the api stores a DBA left blank: the legal name in its place (section 2's fallback, for the CRM).
    dbaName: 'Boulangerie Roy inc.',
    legalEntity: 'Corporation',
    industry: 'Forestry and Logging',
    naics: '113',
    hasRealEstate: null,
    acceptsCreditCards: 'Yes',
    productsInterestedIn: [],
    addressData: { address: '1000 rue Sherbrooke O', city: 'Montréal', state: 'QC', zip: 'H3A 3G4', country: 'CA' },
  };
  const render = async (language: string, extra: Record<string, unknown> = {}) => {
    const rows = businessRows({ ...business, ...extra }, { say: answerWriter(language), taxId: '123456789', language });
    return (await pdfTextLines(await renderApplicationPdf({ ...data, rows, language }))).join('\n');
  };

  it('leaves out a question never answered and a DBA left blank, and names the industry in French', async () => {
    const lines = await render('fr-CA');
    expect(lines).toContain('Dénomination sociale');
    expect(lines).not.toContain('Nom commercial');
    expect(lines).not.toContain('Possède des biens immobiliers');
    expect(lines).toContain('Foresterie et exploitation forestière (SCIAN 113)');
    expect(lines).not.toContain('NAICS');
    expect(lines).toContain("Numéro d'entreprise (NE)");
    expect(lines).toContain('Oui');
  });

  it('writes what was answered: a trade name given, real estate answered either way', async () => {
    expect(await render('fr-CA', { dbaName: 'Chez Roy', hasRealEstate: false })).toMatch(
      /Nom commercial\nChez Roy[\s\S]*Possède des biens immobiliers\nNon/,
    );
    const en = await render('en', { hasRealEstate: true });
    expect(en).toMatch(/Has real estate\nYes/);
    expect(en).toContain('Forestry and Logging (NAICS 113)');
    expect(en).not.toContain('DBA');
    // A French label's curly apostrophe prints as WinAnsi's straight one, never as '?'.
    const support = await render('fr-CA', {
      industry: 'Support Activities for Agriculture and Forestry',
      naics: '115',
    });
    expect(support).toContain("Activités de soutien à l'agriculture et à la foresterie (SCIAN 115)");
    expect(support).not.toContain('?');
  });

  it('shows no internal id: neither the application’s nor the CRM lead’s', async () => {
    const lines = await render('en');
    expect(lines).not.toMatch(/\bLead\b|Piste CRM|\bApplication [0-9a-f]/);
    expect(lines).not.toContain('app-1');
  });
});
