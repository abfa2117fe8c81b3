import { validateBody } from '../common/validation.pipe';
import { BoxEventDto, BoxEventInfoDto } from './box-event.dto';

export type SignEvent = { signRequestId: string; trigger: string; eventId: string };

/** One signer's own signature, the request still open for the others. */
export const SIGNER_SIGNED = 'SIGN_REQUEST.SIGNER_SIGNED';

/**
 * The triggers that end a sign request (signed, declined, expired, failed). These always signal the
 * workflow; a signer's own signature (SIGNER_SIGNED) only when others are still to sign (SigningService).
 */
export const FINAL_SIGN_TRIGGERS: readonly string[] = [
  'SIGN_REQUEST.COMPLETED',
  'SIGN_REQUEST.DECLINED',
  'SIGN_REQUEST.EXPIRED',
  'SIGN_REQUEST.SIGN_ERROR_FINALIZING',
];

/**
 * The sign request event a verified webhook carries, its fields checked for type before use (a signed
 * body is still only as well-formed as Box made it): 400 when a field is of the wrong type, undefined
 * for events the api does not act on (other triggers, no sign request id).
 */
export async function signEventOf(body: Record<string, unknown>): Promise<SignEvent | undefined> {
  await validateBody(BoxEventDto, body);
  const info = body.additional_info;
  const details = info && !Array.isArray(info) ? (info as Record<string, unknown>) : {};
  await validateBody(BoxEventInfoDto, details);
  const trigger = body.trigger as string;
  const signRequestId = details.sign_request_id;
  if (!trigger.startsWith('SIGN_REQUEST.') || typeof signRequestId !== 'string' || !signRequestId) return undefined;
  return { signRequestId, trigger, eventId: body.id as string };
}
