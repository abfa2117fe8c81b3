import { API_CODES } from '@portal/libs';
import { oneOf } from '../common/body-rules';
import { FollowsRule } from '../common/rule.decorator';
import { OpenBody, REFUSED_ALONE } from '../common/validation.pipe';

export const GIGGLE_ACTIONS = ['enter', 'back'] as const;

/** POST /application/{id}/giggle-finance: entering, or going back. */
@OpenBody()
export class GiggleMoveDto {
  @FollowsRule(oneOf('action', GIGGLE_ACTIONS, API_CODES.giggleActionInvalid), REFUSED_ALONE)
  action: (typeof GIGGLE_ACTIONS)[number];
}
