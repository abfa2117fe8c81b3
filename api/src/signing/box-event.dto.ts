import {
  COMMON_CODES,
  all,
  isText,
  maxLength,
  noControlCharacters,
  optionalText,
  requiredText,
  type Rule,
} from '@portal/libs';
import { FollowsRule } from '../common/rule.decorator';
import { OpenBody } from '../common/validation.pipe';

/** Box's ids and trigger names are short; 200 is far beyond any of them. */
const BOX_TEXT = 200;
/** An object, or [] as Box sends for events without details. */
const infoRule: Rule = (v) =>
  v === undefined || v === null || typeof v === 'object' ? undefined : COMMON_CODES.invalidValue;

/**
 * POST /webhooks/box: a Box event (Box sends more fields than these). Validated after its signature is
 * checked (box-event.ts), so an unsigned body is refused as unsigned whatever it holds.
 */
@OpenBody()
export class BoxEventDto {
  @FollowsRule(optionalText(BOX_TEXT)) type?: string;
  @FollowsRule(requiredText(undefined, BOX_TEXT)) id: string;
  @FollowsRule(requiredText(undefined, BOX_TEXT)) trigger: string;
  @FollowsRule(infoRule) additional_info?: unknown;
}

/** The event's additional_info: the sign request it is about. */
@OpenBody()
export class BoxEventInfoDto {
  @FollowsRule(all(isText, maxLength(BOX_TEXT), noControlCharacters)) sign_request_id?: string;
}
