import type { ObjectId } from 'mongodb';
import { formatPercent, formatPhone, formatSsn, languageOf } from '@portal/libs';
import type { PiiKeys } from '@portal/libs/dist/security/pii-keys';
import { addressLine, answerWriter, businessRows } from '../documents/pdf-answers';
import { numbered, pdfLabels } from '../documents/pdf-labels';
import type { Records, StoredBusiness } from '../records/records';

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** A labelled answer, its label and value in the applicant's language. */
export type Answer = { label: string; value: string };
const rows = (pairs: [string, string][]): Answer[] =>
  pairs.filter(([, value]) => value !== '').map(([label, value]) => ({ label, value }));

/**
 * The applicant's answers for their archive, labelled as their application PDF labels them (pdf-labels.ts),
 * in their language. Unlike the PDF, the SSN/SIN, the EIN/BN and the dates of birth are written in full:
 * the archive goes to the account's owner alone, and it is their own data.
 */
export async function answersOf(records: Records, pii: PiiKeys, applicationId: ObjectId, account?: string) {
  const language = languageOf(account);
  const label = pdfLabels(language);
  const say = answerWriter(language);
  const [business, ownerSet, offer] = await Promise.all([
    records.businesses.findOne({ _id: applicationId }),
    records.ownerSets.findOne({ _id: applicationId }),
    records.offers.findOne({ _id: applicationId }),
  ]);
  const b: Partial<StoredBusiness> = business ?? {};
  const businessAnswers = businessRows(b, { say, taxId: pii.open(str(b.federalTaxId)), language }).map(
    ([key, value]) => ({ label: label[key], value }),
  );
  const owners = (ownerSet?.owners ?? []).map((o, i) => ({
    title: `${numbered(label.owner, i + 1)}${i === 0 ? ` ${label.primary}` : ''}`,
    answers: rows([
      [label.name, `${str(o.firstName)} ${str(o.lastName)}`.trim()],
      [label.email, str(o.ownerEmailId)],
      [label.phone, formatPhone(str(o.phoneNumber))],
      [label.dateOfBirth, pii.open(str(o.dateOfBirth))],
      // Written as the form masks it (xxx-xx-xxxx, a SIN xxx-xxx-xxx), in full: the owner's own number.
      [
        o.addressData?.country === 'CA' ? label.sin : label.ssn,
        formatSsn(o.addressData?.country, pii.open(str(o.ssn))),
      ],
      [label.ownership, str(o.ownershipPercent) ? formatPercent(o.ownershipPercent, language) : ''],
      [label.creditScore, str(o.creditReport)],
      [label.homeAddress, addressLine(o.addressData)],
    ]),
  }));
  return {
    business: { title: label.business, answers: businessAnswers },
    owners,
    // The offers as priced for the applicant (the options the offers page showed), as stored.
    offers: offer?.offerOptions ?? [],
  };
}

/** The account's own fields (never its password's hash). */
export const accountOf = (u: {
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  language?: string;
}) => ({
  email: str(u.email),
  firstName: str(u.firstName),
  lastName: str(u.lastName),
  phone: formatPhone(str(u.phone)),
  language: languageOf(u.language),
});

/**
 * The emails the portal sent about the application, as far as it keeps a record: the worker's marks of
 * the reminders and of the offer email, with their dates (the portal keeps no copy of any message's text).
 */
export async function emailsOf(records: Records, applicationId: ObjectId) {
  const id = applicationId.toHexString();
  const [reminders, offers] = await Promise.all([
    records.reminders.find({ _id: { $regex: `^${id}:` } }).toArray(),
    records.offerEmails.find({ _id: { $regex: `^${id}:` } }).toArray(),
  ]);
  return [
    ...reminders.map((r) => ({ email: `reminder-${r._id.split(':').pop()}`, sentAt: r.sentAt.toISOString() })),
    ...offers.map((o) => ({ email: 'selected-offer', sentAt: o.at.toISOString() })),
  ].sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/** The application's documents as stored (their S3 keys are read by the archive; never put in its JSON). */
export async function documentsOf(records: Records, applicationId: ObjectId) {
  const list = await records.applicationFiles.findOne({ _id: applicationId.toHexString() });
  const files = await Promise.all((list?.fileIds ?? []).map((_id) => records.files.findOne({ _id })));
  return files
    .filter((f) => !!f && f.applicationId?.equals(applicationId) && !!f.filePath)
    .map((f) => ({
      key: str(f!.filePath),
      fileName: str(f!.fileName) || `${f!._id.toHexString()}.pdf`,
      fileType: str(f!.fileType),
      ...(f!.monthLabel ? { month: f!.monthLabel } : {}),
      source: f!.source === 'bank' ? 'bank' : 'upload',
    }));
}
