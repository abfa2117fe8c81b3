import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export type PdfOwner = {
  name: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  /** Already masked: only the last four digits shown. */
  ssnMasked: string;
  taxIdLabel: 'SSN' | 'SIN';
  ownershipPercent: string;
  creditScore: string;
  address: string;
};

/**
 * What the PDF shows (issue 23 item 10): the applicant's answers, in their language, and nothing of ours.
 * No internal ids (the application's, the CRM lead's): the document sits in the application's own folder,
 * and what the applicant signs is what they told us. Rows and owner lines with no answer are left out.
 */
export type ApplicationPdfData = {
  company: string;
  /** [label in the form's English, answer]; see businessRows (pdf-answers.ts). */
  rows: [string, string][];
  owners: PdfOwner[];
  /** The applicant's language (issue 16): 'fr-CA' writes the form's own words in Canadian French. */
  language?: string;
};

/**
 * The form's words in Canadian French, by their English (the rows' labels come from the signing activity
 * in English). Straight apostrophes: the standard fonts are WinAnsi. The answers come written in the
 * applicant's language already (pick-list labels and amounts: pdf-answers.ts); names stay as typed.
 */
const FRENCH: Record<string, string> = {
  'Business Financing Application': "Demande de financement d'entreprise",
  Business: 'Entreprise',
  'Legal business name': 'Dénomination sociale',
  DBA: 'Nom commercial',
  'Legal entity': 'Forme juridique',
  'Business number (BN)': "Numéro d'entreprise (NE)",
  'EIN / Tax ID': "EIN / numéro d'identification fiscale",
  'Business start date': 'Date de début des activités',
  Industry: "Secteur d'activité",
  'Business description': "Description de l'entreprise",
  'Number of employees': "Nombre d'employés",
  'Amount requested': 'Montant demandé',
  'Annual revenue': 'Revenus annuels',
  'Use of proceeds': 'Utilisation des fonds',
  'Products interested in': 'Produits qui intéressent',
  'Accepts credit cards': 'Accepte les cartes de crédit',
  'Has real estate': 'Possède des biens immobiliers',
  'Open business loans': "Prêts d'entreprise en cours",
  'Average daily balance': 'Solde quotidien moyen',
  'Business phone': "Téléphone de l'entreprise",
  Website: 'Site Web',
  'Business address': "Adresse de l'entreprise",
  Owner: 'Propriétaire no',
  '(primary)': '(principal)',
  Name: 'Nom',
  Email: 'Courriel',
  Phone: 'Téléphone',
  'Date of birth': 'Date de naissance',
  SSN: 'SSN',
  SIN: 'NAS',
  Ownership: 'Propriété',
  'Estimated credit score': 'Pointage de crédit estimé',
  'Home address': 'Adresse du domicile',
  Authorization: 'Autorisation',
  Consent:
    'En signant ci-dessous, chaque propriétaire atteste que les renseignements de cette demande sont exacts et complets, et autorise le prêteur et ses partenaires à obtenir des rapports de crédit commerciaux et personnels et à vérifier les renseignements fournis.',
  Signature: 'Signature :',
  Date: 'Date',
  Yes: 'Oui',
  No: 'Non',
};
const ENGLISH_CONSENT =
  'By signing below, each owner certifies that the information in this application is true and complete, ' +
  'and authorizes the lender and its partners to obtain business and personal credit reports and to verify ' +
  'the information provided.';

const PAGE = { width: 612, height: 792, margin: 54 };
const INK = rgb(0.11, 0.16, 0.22);
const MUTED = rgb(0.28, 0.33, 0.4);
const BRAND = rgb(0.04, 0.36, 0.67);

/**
 * pdf-lib's standard fonts are WinAnsi only: anything else is replaced rather than failing the render.
 * French typography first takes its nearest WinAnsi form (the French labels' curly apostrophe, the narrow
 * no-break space), so 'l’agriculture' never prints as 'l?agriculture'.
 */
const TYPOGRAPHY: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u202f': '\u00a0',
};
const safe = (s: string) =>
  s
    .replace(/[\u2018\u2019\u201c\u201d\u2013\u2014\u202f]/g, (c) => TYPOGRAPHY[c]!)
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/** The application as a clean one-or-two-page form, with a signature line per signer. */
export async function renderApplicationPdf(data: ApplicationPdfData, signedOn = new Date()): Promise<Uint8Array> {
  const fr = data.language === 'fr-CA';
  /** The form's own word in the applicant's language. */
  const w = (english: string) => (fr ? (FRENCH[english] ?? english) : english);
  const doc = await PDFDocument.create();
  doc.setTitle(
    `${fr ? w('Business Financing Application') : 'Business financing application'} - ${safe(data.company)}`,
  );
  if (fr) doc.setLanguage('fr-CA');
  doc.setCreator('Fundwise portal');
  doc.setCreationDate(signedOn);
  doc.setModificationDate(signedOn);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const ensure = (h: number) => {
    if (y - h > PAGE.margin) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  const text = (s: string, x: number, size: number, font: PDFFont, color = INK) =>
    page.drawText(safe(s), { x, y, size, font, color, maxWidth: PAGE.width - x - PAGE.margin });
  const heading = (s: string) => {
    ensure(40);
    y -= 10;
    text(s, PAGE.margin, 13, bold, BRAND);
    y -= 6;
    page.drawLine({
      start: { x: PAGE.margin, y: y - 2 },
      end: { x: PAGE.width - PAGE.margin, y: y - 2 },
      thickness: 0.5,
      color: MUTED,
    });
    y -= 18;
  };
  // A long value (a business description) wraps within its column instead of running into the next row.
  // A question with no answer is no row: the PDF states only what was answered.
  const row = (label: string, value: string) => {
    if (!value.trim()) return;
    const lines = wrap(safe(value), regular, 10, PAGE.width - 2 * PAGE.margin - 190);
    ensure(16 + 13 * (lines.length - 1));
    text(label, PAGE.margin, 9.5, regular, MUTED);
    lines.forEach((line, i) => {
      if (i > 0) y -= 13;
      text(line, PAGE.margin + 190, 10, regular);
    });
    y -= 16;
  };

  text(w('Business Financing Application'), PAGE.margin, 20, bold);
  y -= 22;
  text(data.company, PAGE.margin, 13, regular, MUTED);
  y -= 14;

  heading(w('Business'));
  for (const [label, value] of data.rows) row(w(label), value === 'Yes' || value === 'No' ? w(value) : value);

  data.owners.forEach((o, i) => {
    heading(
      fr
        ? `${w('Owner')} ${i + 1}${i === 0 ? ` ${w('(primary)')}` : ''}`
        : `Owner #${i + 1}${i === 0 ? ' (primary)' : ''}`,
    );
    row(w('Name'), o.name);
    row(w('Email'), o.email);
    row(w('Phone'), o.phone);
    row(w('Date of birth'), o.dateOfBirth);
    row(w(o.taxIdLabel), o.ssnMasked);
    row(w('Ownership'), o.ownershipPercent ? `${o.ownershipPercent}${fr ? '\u00a0%' : '%'}` : '');
    row(w('Estimated credit score'), o.creditScore);
    row(w('Home address'), o.address);
  });

  heading(w('Authorization'));
  const consent = fr ? w('Consent') : ENGLISH_CONSENT;
  for (const line of wrap(consent, regular, 10, PAGE.width - 2 * PAGE.margin)) {
    ensure(14);
    text(line, PAGE.margin, 10, regular);
    y -= 14;
  }
  for (const o of data.owners) {
    ensure(60);
    y -= 36;
    page.drawLine({
      start: { x: PAGE.margin, y },
      end: { x: PAGE.margin + 260, y },
      thickness: 0.8,
      color: INK,
    });
    page.drawLine({
      start: { x: PAGE.margin + 300, y },
      end: { x: PAGE.width - PAGE.margin, y },
      thickness: 0.8,
      color: INK,
    });
    y -= 12;
    text(`${fr ? w('Signature') : 'Signature:'} ${o.name}`, PAGE.margin, 9, regular, MUTED);
    page.drawText(w('Date'), { x: PAGE.margin + 300, y, size: 9, font: regular, color: MUTED });
  }
  return doc.save();
}

function wrap(s: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
