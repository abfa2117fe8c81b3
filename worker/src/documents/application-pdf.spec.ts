import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../tests/support/pdf-text';
import { renderApplicationPdf, type ApplicationPdfData } from './application-pdf';
import { answerWriter, businessRows } from './pdf-answers';
import {
  englishLabelsIn,
  PDF_LABELS_EN,
  PDF_LABELS_FR,
  PDF_LABELS_SAME_IN_FRENCH,
  type PdfLabelKey,
} from './pdf-labels';

const data: ApplicationPdfData = {
  company: 'Boulangerie Roy inc.',
  rows: [
    ['legalBusinessName', 'Boulangerie Roy inc.'],
    ['hasRealEstate', 'Non'],
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

describe('the application PDF in the applicant’s language', () => {
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

describe('the signers’ places, for Box Sign', () => {
  it('tags each owner’s signature and date on their own line, in the order they sign', async () => {
    const coOwner = { ...data.owners[0]!, name: 'Louis Hémon', email: 'louis@example.com' };
    const lines = await pdfTextLines(await renderApplicationPdf({ ...data, owners: [data.owners[0]!, coOwner] }));
    const at = (s: string) => lines.findIndex((l) => l.includes(s));
    for (const tag of ['[[s|1]]', '[[d|1]]', '[[s|2]]', '[[d|2]]']) expect(at(tag), tag).toBeGreaterThan(-1);
    // Each pair sits just above its owner's caption, the applicant's first.
    expect(at('[[s|1]]')).toBeLessThan(at('Signature: Gabrielle Roy'));
    expect(at('Signature: Gabrielle Roy')).toBeLessThan(at('[[s|2]]'));
    expect(at('[[s|2]]')).toBeLessThan(at('Signature: Louis Hémon'));
    expect(lines.join('\n')).not.toContain('[[s|3]]');
  });
});

describe('the PDF states only what was answered, with no internal ids', () => {
  // A Québec bakery as saved: DBA left blank, the real-estate question never put (null), a NAICS code.
  const business = {
    businessName: 'Boulangerie Roy inc.',
    // As the api stores a DBA left blank: the legal name in its place (the CRM's DBA field falls back to it).
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

describe('a French application PDF has no English label', () => {
  /** Every row and line the PDF can write, each answered in French (names as typed), on two owners. */
  const everything = {
    businessName: 'Boulangerie Roy inc.',
    dbaName: 'Chez Roy',
    legalEntity: 'Corporation',
    federalTaxId: '123456789',
    businessStartDate: '2012-05-01',
    industry: 'Forestry and Logging',
    naics: '113',
    businessDescription: 'Pains et viennoiseries au levain, vendus au comptoir et livrés aux épiceries du quartier.',
    numberOfEmployees: 12,
    amountRequested: 150000,
    annualRevenue: 900000,
    useOfProceeds: 'Working Capital',
    productsInterestedIn: ['Line of Credit', 'Term Loan'],
    acceptsCreditCards: 'Yes',
    hasRealEstate: false,
    otherBusinessLoans: 'No',
    avgDailyBalance: 25000,
    phoneNumber: '5145550123',
    website: 'https://boulangerie-roy.example.ca',
    addressData: {
      address: '1000 rue Sherbrooke O',
      suiteFloor: 'Bureau 200',
      city: 'Montréal',
      state: 'QC',
      zip: 'H3A 3G4',
      country: 'CA',
    },
  };
  const owner = data.owners[0]!;
  const render = async (language: string, country: 'CA' | 'US') => {
    const rows = businessRows(
      { ...everything, addressData: { ...everything.addressData, country } },
      { say: answerWriter(language), taxId: '123456789', language },
    );
    const owners = [owner, { ...owner, name: 'Louis Roy', email: 'louis@example.com', taxIdLabel: 'SSN' as const }];
    return renderApplicationPdf({ ...data, rows, owners, language });
  };

  it('writes every label the English table has in French, save those the same in both languages', async () => {
    for (const country of ['CA', 'US'] as const) {
      const pdf = await render('fr-CA', country);
      const text = (await pdfTextLines(pdf)).join(' ');
      expect(englishLabelsIn(text)).toEqual([]);
      expect((await PDFDocument.load(pdf)).getTitle()).toBe(`${PDF_LABELS_FR.documentTitle} - Boulangerie Roy inc.`);
    }
  });

  it('checks every label: the same render in English shows each one the check looks for', async () => {
    const shown = new Set<string>();
    for (const country of ['CA', 'US'] as const)
      for (const label of englishLabelsIn((await pdfTextLines(await render('en', country))).join(' ')))
        shown.add(label);
    const same = new Set<PdfLabelKey>(PDF_LABELS_SAME_IN_FRENCH);
    const checked = (Object.keys(PDF_LABELS_EN) as PdfLabelKey[]).filter((k) => !same.has(k));
    // The document title is metadata, not page text: the first test reads it from the PDF's info.
    const onPage = checked.filter((k) => k !== 'documentTitle');
    expect([...shown].sort()).toEqual(onPage.map((k) => PDF_LABELS_EN[k]).sort());
  });

  it('lists as the same in both languages only labels that are', () => {
    for (const key of PDF_LABELS_SAME_IN_FRENCH) expect(PDF_LABELS_FR[key]).toBe(PDF_LABELS_EN[key]);
    const same = (Object.keys(PDF_LABELS_EN) as PdfLabelKey[]).filter((k) => PDF_LABELS_FR[k] === PDF_LABELS_EN[k]);
    expect(same.sort()).toEqual([...PDF_LABELS_SAME_IN_FRENCH].sort());
  });
});
