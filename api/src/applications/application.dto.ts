import { API_CODES } from '@portal/libs';
import { integerFrom, isMongoId, whenGiven } from '../common/body-rules';
import { FollowsRule } from '../common/rule.decorator';

const topUpRule = whenGiven(integerFrom('topUp', 0, 99_000_000, API_CODES.topUpWholeNumber));

/**
 * What the applicant may set on their application. The CRM ids, the status and the accepted date are
 * written by the workflow from what the CRM answers; a body that carries them is refused outright.
 */
export class ApplicationChangesDto {
  @FollowsRule(topUpRule) topUp?: number;
}

/** POST /application: the changes, and the user it is for (only ever the signed-in one). */
export class CreateApplicationDto {
  @FollowsRule(whenGiven(isMongoId('userId'))) userId?: string;
  @FollowsRule(topUpRule) topUp?: number;
}
