import { LOGIN_RULES } from '@portal/libs';
import { FollowsRule } from '../common/rule.decorator';

/** POST /privacy/data-export: the signed-in owner's password, checked as at sign-in (same rule, same words). */
export class DataExportRequestDto {
  @FollowsRule(LOGIN_RULES.password) password: string;
}
