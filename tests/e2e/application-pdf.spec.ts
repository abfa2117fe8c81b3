// The application PDF an owner signs is their own statement: it states only what was answered, shows no
// internal id, and is in the applicant's language throughout. A French applicant leaves DBA blank and is never asked
// about real estate; the PDF is read from the e-sign stand-in's signer page, as the owner opens it.
import { expect, test } from '@playwright/test';
import { ApiClient, applicantFor, codeFromMail } from '../support/api-client';
import { saveAnswers, stepOn } from '../support/journey';
import { englishLabelsIn } from '../../worker/src/documents/pdf-labels';
import { pdfTextLines } from '../support/pdf-text';
import { base, leadOf } from './journey.steps';

test('the French application PDF: no unanswered question, no copied trade name, no internal id, no English', async ({
  page,
}, info) => {
  const tag = `pdf-${info.project.name}-${Date.now()}`;
  const applicant = { ...applicantFor(tag), language: 'fr-CA' };
  const client = new ApiClient(`${base()}/api`);
  const since = new Date();
  expect((await client.post('/auth/register', applicant)).status).toBe(201);
  const code = await codeFromMail(process.env.E2E_MAILDEV_URL!, applicant.email, since);
  const confirmed = await client.post('/auth/confirm-signup', {
    username: applicant.email,
    password: applicant.password,
    code,
  });
  expect(confirmed.status).toBe(200); // and signed in
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  // The journey's answers with DBA left blank (DETAILS_ANSWERS) and the real-estate question never put.
  await saveAnswers(client, applicationId);
  for (let i = 0; i < 4; i++) expect((await stepOn(client, applicationId)).status).toBe(200);
  // The CRM has made the lead by now: its id must still stay off the document.
  await expect.poll(async () => (await leadOf(applicant.email))?.Id, { timeout: 20_000 }).toBeTruthy();
  const leadId = String((await leadOf(applicant.email))!.Id);
  const signing = await client.post('/box/sign', { applicationId });
  expect(signing.status).toBe(200);
  const embedUrl = signing.body.data.signers[0].embedUrl as string;

  // The owner's signing page shows the document; its bytes are what the owner signs.
  await page.goto(embedUrl);
  const src = await page.getByTitle('Document to sign').getAttribute('src');
  const pdf = await page.request.get(new URL(src!, embedUrl).href);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const lines = await pdfTextLines(await pdf.body());
  const text = lines.join('\n');
  const after = (label: string) => lines[lines.indexOf(label) + 1];

  expect(text).toContain("Demande de financement d'entreprise");
  expect(after('Dénomination sociale')).toBe('Analytical Engines LLC');
  // Never answered: no row at all (not 'Non'), and no trade name copied from the legal name.
  expect(lines).not.toContain('Possède des biens immobiliers');
  expect(lines).not.toContain('Nom commercial');
  // No internal id: neither the application's nor the CRM lead's.
  expect(text).not.toContain(applicationId);
  expect(text).not.toContain(leadId);
  // French throughout: the industry's French label and its code named SCIAN, and none of the form's
  // English labels (the renderer's own table, all of it) on the page.
  expect(after("Secteur d'activité")).toBe('Services professionnels, scientifiques et techniques (SCIAN 541)');
  expect(englishLabelsIn(lines.join(' '), 'fr-CA')).toEqual([]);
  expect(text).not.toContain('?');
});
