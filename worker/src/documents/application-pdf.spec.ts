import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../tests/support/pdf-text';
import { renderApplicationPdf, type ApplicationPdfData } from './application-pdf';
import { answerWriter, businessRows } from './pdf-answers';
import type { ApplicantLanguage } from '@portal/libs';
import { everything } from './application-pdf.spec-setup';
import {
  englishLabelsIn,
  labelPhrase,
  PDF_LABELS,
  PDF_LABELS_EN,
  PDF_LABELS_SHOWING_ENGLISH,
  type PdfLabelKey,
} from './pdf-labels';

const data: ApplicationPdfData = {
  company: 'Boulangerie Roy inc.',
  language: 'en',
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

  it('writes a US Spanish applicant’s PDF in Spanish: labels, pick-lists, amounts and dates the es-US way', async () => {
    const say = answerWriter('es-US');
    const us = { ...everything, addressData: { ...everything.addressData, state: 'TX', zip: '78701', country: 'US' } };
    const rows = businessRows(us, { say, taxId: '12-3456789', language: 'es-US' });
    const owners = [{ ...data.owners[0]!, taxIdLabel: 'SSN' as const, dateOfBirth: say.date('1979-03-21') }];
    const pdf = await renderApplicationPdf({ ...data, rows, owners, language: 'es-US' });
    const lines = (await pdfTextLines(pdf)).join('\n');
    for (const shown of [
      'Solicitud de financiamiento empresarial',
      'Razón social',
      'Nombre comercial (DBA)\nChez Roy',
      'Tipo de entidad legal\nCorporación',
      'Número de identificación fiscal (EIN)\n12-3456789',
      'Fecha de inicio del negocio\n1 de mayo de 2012',
      'Silvicultura y explotación forestal (SCIAN 113)',
      'Monto solicitado\n$150,000.00',
      'Ingresos anuales\n$900,000.00',
      'Uso de los fondos\nCapital de trabajo',
      'Línea de crédito, Préstamo a plazo',
      'Acepta tarjetas de crédito\nSí',
      'Tiene bienes raíces\nNo',
      'Propietario n.º 1 (principal)',
      'Fecha de nacimiento\n21 de marzo de 1979',
      'Número de Seguro Social (SSN)',
      'Porcentaje de propiedad\n100%',
      'Autorización',
      'Firma: Gabrielle Roy',
    ])
      expect(lines).toContain(shown);
    // Every Spanish letter is in the PDF's WinAnsi fonts: none printed as '?'.
    expect(lines).not.toContain('?');
  });

  it('stays in English otherwise', async () => {
    const lines = (await pdfTextLines(await renderApplicationPdf({ ...data, language: 'en' }))).join('\n');
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

describe('the PDF’s fonts', () => {
  it('names a page’s font once each time it changes, not once for every line drawn', async () => {
    const coOwner = { ...data.owners[0]!, name: 'Louis Hémon', email: 'louis@example.com' };
    const rows = businessRows(everything, { say: answerWriter('en'), taxId: '123456789', language: 'en' });
    const pdf = await renderApplicationPdf({ ...data, rows, owners: [data.owners[0]!, coOwner] });
    const pages = (await PDFDocument.load(pdf)).getPages();
    const fontKeys = pages.map((p) => p.node.Resources()!.lookup(PDFName.of('Font'), PDFDict).keys().length);
    // Bold for the title and each heading, regular after: 72 and 15 keys when each line set its own font.
    expect(fontKeys.every((n) => n <= 10)).toBe(true);
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
  const render = async (language: ApplicantLanguage, extra: Record<string, unknown> = {}) => {
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

describe.each(['fr-CA', 'es-US'] as const)('a %s application PDF has no English label', (language) => {
  const owner = data.owners[0]!;
  const render = async (lang: ApplicantLanguage, country: 'CA' | 'US') => {
    const rows = businessRows(
      { ...everything, addressData: { ...everything.addressData, country } },
      { say: answerWriter(lang), taxId: '123456789', language: lang },
    );
    const owners = [owner, { ...owner, name: 'Louis Roy', email: 'louis@example.com', taxIdLabel: 'SSN' as const }];
    return renderApplicationPdf({ ...data, rows, owners, language: lang });
  };

  it('writes every label the English table has in the language, save those showing the English words', async () => {
    for (const country of ['CA', 'US'] as const) {
      const pdf = await render(language, country);
      const text = (await pdfTextLines(pdf)).join(' ');
      expect(englishLabelsIn(text, language)).toEqual([]);
      const doc = await PDFDocument.load(pdf);
      expect(doc.getTitle()).toBe(`${PDF_LABELS[language].documentTitle} - Boulangerie Roy inc.`);
    }
  });

  it('checks every label: the same render in English shows each one the check looks for', async () => {
    const shown = new Set<string>();
    for (const country of ['CA', 'US'] as const)
      for (const label of englishLabelsIn((await pdfTextLines(await render('en', country))).join(' '), language))
        shown.add(label);
    const same = new Set<PdfLabelKey>(PDF_LABELS_SHOWING_ENGLISH[language]);
    const checked = (Object.keys(PDF_LABELS_EN) as PdfLabelKey[]).filter((k) => !same.has(k));
    // The document title is metadata, not page text: the first test reads it from the PDF's info.
    const onPage = checked.filter((k) => k !== 'documentTitle');
    expect([...shown].sort()).toEqual(onPage.map((k) => PDF_LABELS_EN[k]).sort());
  });

  it('lists as showing the English words only labels that do', () => {
    const keys = Object.keys(PDF_LABELS_EN) as PdfLabelKey[];
    const showing = keys.filter((k) => labelPhrase(PDF_LABELS_EN[k]).test(PDF_LABELS[language][k]));
    expect(showing.sort()).toEqual([...PDF_LABELS_SHOWING_ENGLISH[language]].sort());
  });
});
