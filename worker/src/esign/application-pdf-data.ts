import { ObjectId } from 'mongodb';
import { formatPhone } from '@portal/libs';
import { maskTail, type PiiKeys } from '@portal/libs/dist/security/pii-keys';
import { NO_SIGNERS_FOUND } from '@portal/workflows';
import type { ApplicationPdfData } from '../documents/application-pdf';
import { addressLine, answerWriter, businessRows } from '../documents/pdf-answers';
import { NoSignersError } from '../errors';
import type { Records, StoredBusiness, StoredOwner } from '../records/records';

const str = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v === undefined || v === null ? '' : String(v));

/** What the application PDF shows, read from the records, and the owners who sign it (the first two). */
export async function pdfData(
  records: Records,
  pii: PiiKeys,
  applicationId: string,
): Promise<{ data: ApplicationPdfData; owners: StoredOwner[] }> {
  const _id = new ObjectId(applicationId);
  const [application, business, ownerSet] = await Promise.all([
    records.applications.findOne({ _id }),
    records.businesses.findOne({ _id }),
    records.ownerSets.findOne({ _id }),
  ]);
  // The applicant's language: the form's words follow it, so they read what they sign.
  const user = application?.userId ? await records.users.findOne({ _id: application.userId }) : null;
  const owners = (ownerSet?.owners ?? []).slice(0, 2);
  if (owners.length === 0 || !owners[0]?.ownerEmailId) throw new NoSignersError(NO_SIGNERS_FOUND);
  const b: Partial<StoredBusiness> = business ?? {};
  const say = answerWriter(user?.language);
  const data: ApplicationPdfData = {
    company: str(b.businessName),
    language: user?.language,
    rows: businessRows(b, { say, taxId: pii.open(str(b.federalTaxId)), language: user?.language }),
    owners: owners.map((o) => {
      const ssn = pii.open(o.ssn);
      return {
        name: `${o.firstName ?? ''} ${o.lastName ?? ''}`.trim(),
        email: o.ownerEmailId ?? '',
        // Stored as E.164 (older records: the ten digits): shown (514) 555-0100 either way.
        phone: formatPhone(o.phoneNumber ?? ''),
        dateOfBirth: pii.open(o.dateOfBirth),
        ssnMasked: maskTail(ssn),
        taxIdLabel: o.addressData?.country === 'CA' ? 'SIN' : 'SSN',
        ownershipPercent: str(o.ownershipPercent),
        creditScore: str(o.creditReport),
        address: addressLine(o.addressData),
      };
    }),
  };
  return { data, owners };
}
