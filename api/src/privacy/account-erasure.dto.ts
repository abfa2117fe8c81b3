import { LOGIN_RULES } from '@portal/libs';
import { FollowsRule } from '../common/rule.decorator';

/** Deleting the account: the signed-in user's password, under the sign-in form's rule and words. */
export class EraseAccountDto {
  @FollowsRule(LOGIN_RULES.password) password: string;
}
