import { ObjectId } from 'mongodb';
import { formatPhone, languageOf } from '@portal/libs';
import { maskTail, type PiiKeys } from '@portal/libs/dist/security/pii-keys';
import { NO_SIGNERS_FOUND } from '@portal/workflows';
import type { ApplicationPdfData } from '../documents/application-pdf';
import { addressLine, answerWriter, businessRows } from '../documents/pdf-answers';
import { NoSignersError } from '../errors';
import type { Records, StoredBusiness, StoredOwner } from '../records/records';

const str = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v === undefined || v === null ? '' : String(v));

/**
 * What the application PDF shows, read from the records, and the owners who sign it (the first two). The
 * business and the owners are marked with the sign request's attempt in the same write that reads them:
 * from then on a save of those answers goes through the workflow (which voids the request, or refuses once
 * signed), and a save that read them unmarked no longer matches its conditional write (api's signed-answers.ts).
 */
export async function pdfData(
  records: Records,
  pii: PiiKeys,
  applicationId: string,
  attempt: number,
): Promise<{ data: ApplicationPdfData; owners: StoredOwner[] }> {
  const _id = new ObjectId(applicationId);
  const mark = { $set: { signRequestAttempt: attempt } };
  const [application, business, ownerSet] = await Promise.all([
    records.applications.findOne({ _id }),
    records.businesses.findOneAndUpdate({ _id }, mark, { returnDocument: 'after' }),
    records.ownerSets.findOneAndUpdate({ _id }, mark, { returnDocument: 'after' }),
  ]);
  // The applicant's language: the form's words follow it, so they read what they sign.
  const user = application?.userId ? await records.users.findOne({ _id: application.userId }) : null;
  const owners = (ownerSet?.owners ?? []).slice(0, 2);
  if (owners.length === 0 || !owners[0]?.ownerEmailId) throw new NoSignersError(NO_SIGNERS_FOUND);
  const b: Partial<StoredBusiness> = business ?? {};
  const language = languageOf(user?.language);
  const say = answerWriter(language);
  const data: ApplicationPdfData = {
    company: str(b.businessName),
    language,
    rows: businessRows(b, { say, taxId: pii.open(str(b.federalTaxId)), language }),
    owners: owners.map((o) => {
      const ssn = pii.open(o.ssn);
      return {
        name: `${o.firstName ?? ''} ${o.lastName ?? ''}`.trim(),
        email: o.ownerEmailId ?? '',
        // Stored as E.164 (older records: the ten digits): shown (514) 555-0100 either way.
        phone: formatPhone(o.phoneNumber ?? ''),
        dateOfBirth: say.date(pii.open(o.dateOfBirth)),
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
