import { isRegisteredSignTrigger, type BoxSignTrigger } from '@portal/libs';
import { validateBody } from '../common/validation.pipe';
import { BoxEventDto, BoxEventInfoDto } from './box-event.dto';

export type SignEvent = { signRequestId: string; trigger: BoxSignTrigger; eventId: string };

/**
 * The sign request event a verified webhook carries, its fields checked for type before use (a signed
 * body is still only as well-formed as Box made it): 400 when a field is of the wrong type, undefined
 * for events the api does not act on: a trigger not in the one table the worker registers from
 * (@portal/libs box-triggers, another spelling of the same event included), or no sign request id.
 */
export async function signEventOf(body: Record<string, unknown>): Promise<SignEvent | undefined> {
  await validateBody(BoxEventDto, body);
  const info = body.additional_info;
  const details = info && !Array.isArray(info) ? (info as Record<string, unknown>) : {};
  await validateBody(BoxEventInfoDto, details);
  const trigger = body.trigger;
  const signRequestId = details.sign_request_id;
  if (!isRegisteredSignTrigger(trigger) || typeof signRequestId !== 'string' || !signRequestId) return undefined;
  return { signRequestId, trigger, eventId: body.id as string };
}
