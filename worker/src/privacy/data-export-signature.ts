import type { Readable } from 'node:stream';
import type { BoxClient } from 'box-node-sdk';
import type { ApplicantLanguage, ByLanguage } from '@portal/libs';
import { boxCall } from '../esign/box.errors';
import { signExternalId } from '../esign/esign.activities';
import { BoxRejectedError } from '../errors';
import type { Records } from '../records/records';

/** Where the application's signature stands, as the archive tells it. */
export type SignatureState = 'signed' | 'pending' | 'declined' | 'cancelled' | 'expired' | 'none';

/** The state in the applicant's words, beside its code in the archive's JSON. */
export const SIGNATURE_WORDS: ByLanguage<Record<SignatureState, string>> = {
  en: {
    signed: 'Signed: the signed PDF is signed-application.pdf',
    pending: 'Not signed yet: no signed PDF',
    declined: 'Declined: no signed PDF',
    cancelled: 'Cancelled: no signed PDF',
    expired: 'Expired before it was signed: no signed PDF',
    none: 'Never sent for signature: no signed PDF',
  },
  'fr-CA': {
    signed: 'Signée : le PDF signé est signed-application.pdf',
    pending: 'Pas encore signée : aucun PDF signé',
    declined: 'Refusée : aucun PDF signé',
    cancelled: 'Annulée : aucun PDF signé',
    expired: 'Expirée avant la signature : aucun PDF signé',
    none: 'Jamais envoyée pour signature : aucun PDF signé',
  },
  'es-US': {
    signed: 'Firmada: el PDF firmado es signed-application.pdf',
    pending: 'Aún sin firmar: no hay PDF firmado',
    declined: 'Rechazada: no hay PDF firmado',
    cancelled: 'Cancelada: no hay PDF firmado',
    expired: 'Venció antes de firmarse: no hay PDF firmado',
    none: 'Nunca se envió a firmar: no hay PDF firmado',
  },
};

/** Box Sign's request states as the archive groups them; anything else is still under way. */
const ENDED: Record<string, SignatureState> = {
  declined: 'declined',
  cancelled: 'cancelled',
  expired: 'expired',
};

/**
 * The latest sign request of the application, read from Box (Box Sign keeps the signed PDF, not us):
 * its state and, once Box has finished the signed copy (signed and ready for download, as the signing
 * activities count it), the signed file's id. A request Box no longer has (404) counts as never sent,
 * so the archive is still built; any other failure fails the build, which is retried.
 */
export async function signatureOf(
  box: BoxClient,
  records: Records,
  applicationId: string,
  attempt: number | undefined,
): Promise<{ state: SignatureState; signedFileId?: string }> {
  if (!attempt) return { state: 'none' };
  const known = await records.signRequests.findOne({ _id: signExternalId(applicationId, attempt) });
  const id = known?.signRequestId;
  if (!id) return { state: 'none' };
  const request = await boxCall('Sign request read refused', () => box.signRequests.getSignRequestById(id)).catch(
    (e: unknown) => {
      if (e instanceof BoxRejectedError && e.status === 404) return undefined;
      throw e;
    },
  );
  if (!request) return { state: 'none' };
  const file = request.signFiles?.files?.[0];
  if (request.status === 'signed' && request.signFiles?.isReadyForDownload && file?.id)
    return { state: 'signed', signedFileId: file.id };
  return { state: ENDED[String(request.status ?? '')] ?? 'pending' };
}

/** The signed PDF as a stream straight from Box (a 202 while Box writes it is waited out by the retry strategy). */
export const signedPdfStream = (box: BoxClient, fileId: string): Promise<Readable> =>
  boxCall('Download refused', () => box.downloads.downloadFile(fileId)) as Promise<Readable>;

export const signatureWords = (language: ApplicantLanguage, state: SignatureState) => SIGNATURE_WORDS[language][state];
