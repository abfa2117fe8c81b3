import { describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../tests/support/pdf-text';
import { renderApplicationPdf, type ApplicationPdfData } from './application-pdf';

const data: ApplicationPdfData = {
  applicationId: 'app-1',
  leadId: '00Q000000000001',
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
