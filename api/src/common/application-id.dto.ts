import { API_CODES, type Rule } from '@portal/libs';
import { FollowsRule } from './rule.decorator';
import { OpenBody } from './validation.pipe';

/** Text, never String()-ed from an object into '[object Object]'. */
const applicationIdRule: Rule = (v) =>
  typeof v === 'string' && v !== '' ? undefined : API_CODES.applicationIdRequired;

/** A body that names its application (POST /business, /owner, /offer, /offer/email-offer, /box/sign). */
@OpenBody()
export class ApplicationIdDto {
  @FollowsRule(applicationIdRule) applicationId: string;
}
