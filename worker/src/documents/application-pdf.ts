import { PDFDocument, StandardFonts } from 'pdf-lib';
import { formatPercent, type ApplicantLanguage } from '@portal/libs';
import { FormWriter, safe } from './pdf-form';
import { numbered, pdfLabels, type PdfLabelKey } from './pdf-labels';

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
 * What the PDF shows: the applicant's answers, in their language, and nothing of ours. No internal ids
 * (the application's, the CRM lead's): the document sits in the application's own folder, and what the
 * applicant signs is what they told us. Rows and owner lines with no answer are left out.
 */
export type ApplicationPdfData = {
  company: string;
  /** [label's key, answer already in the applicant's language]; see businessRows (pdf-answers.ts). */
  rows: [PdfLabelKey, string][];
  owners: PdfOwner[];
  /** The applicant's language: the form's own words (pdf-labels.ts) and its figures are written in it. */
  language: ApplicantLanguage;
};

/** The application as a clean one-or-two-page form, with a signature line per signer. */
export async function renderApplicationPdf(data: ApplicationPdfData, signedOn = new Date()): Promise<Uint8Array> {
  const label = pdfLabels(data.language);
  const doc = await PDFDocument.create();
  doc.setTitle(`${label.documentTitle} - ${safe(data.company)}`);
  doc.setLanguage(data.language);
  doc.setCreator('Fundwise portal');
  doc.setCreationDate(signedOn);
  doc.setModificationDate(signedOn);
  const form = new FormWriter(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  form.title(label.title, data.company);
  form.heading(label.business);
  for (const [key, value] of data.rows) form.row(label[key], value);
  data.owners.forEach((o, i) => {
    form.heading(`${numbered(label.owner, i + 1)}${i === 0 ? ` ${label.primary}` : ''}`);
    form.row(label.name, o.name);
    form.row(label.email, o.email);
    form.row(label.phone, o.phone);
    form.row(label.dateOfBirth, o.dateOfBirth);
    form.row(o.taxIdLabel === 'SIN' ? label.sin : label.ssn, o.ssnMasked);
    // As the language writes a percentage (60 %, with a no-break space, in French; 60% in English and Spanish).
    form.row(label.ownership, o.ownershipPercent ? formatPercent(o.ownershipPercent, data.language) : '');
    form.row(label.creditScore, o.creditScore);
    form.row(label.homeAddress, o.address);
  });
  form.heading(label.authorization);
  form.paragraph(label.consent);
  // Signer n of the sign request is owner n (esign.activities.ts lists the signers in the owners' order).
  data.owners.forEach((o, i) => form.signatureLine(`${label.signature} ${o.name}`, label.date, i + 1));
  return doc.save();
}
