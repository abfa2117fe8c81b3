import {
  COMMON_CODES,
  all,
  isText,
  maxLength,
  noControlCharacters,
  optionalText,
  requiredText,
  type Rule,
  type RuleSet,
} from '@portal/libs';
import { assertValid } from '../common/validate-form';

/** Box's ids and trigger names are short; 200 is far beyond any of them. */
const BOX_TEXT = 200;
/** An object, or [] as Box sends for events without details. */
const infoRule: Rule = (v) =>
  v === undefined || v === null || typeof v === 'object' ? undefined : COMMON_CODES.invalidValue;
const EVENT_RULES = {
  type: optionalText(BOX_TEXT),
  id: requiredText(undefined, BOX_TEXT),
  trigger: requiredText(undefined, BOX_TEXT),
  additional_info: infoRule,
} satisfies RuleSet;
const INFO_RULES = {
  sign_request_id: all(isText, maxLength(BOX_TEXT), noControlCharacters),
} satisfies RuleSet;

export type SignEvent = { signRequestId: string; trigger: string; eventId: string };

/**
 * The sign request event a verified webhook carries, its fields checked for type before use (a signed
 * body is still only as well-formed as Box made it): 400 when a field is of the wrong type, undefined
 * for events the api does not act on (other triggers, no sign request id).
 */
export function signEventOf(body: Record<string, unknown>): SignEvent | undefined {
  assertValid(EVENT_RULES, body);
  const info = body.additional_info;
  const details = info && !Array.isArray(info) ? (info as Record<string, unknown>) : {};
  assertValid(INFO_RULES, details);
  const trigger = body.trigger as string;
  const signRequestId = details.sign_request_id;
  if (!trigger.startsWith('SIGN_REQUEST.') || typeof signRequestId !== 'string' || !signRequestId) return undefined;
  return { signRequestId, trigger, eventId: body.id as string };
}
