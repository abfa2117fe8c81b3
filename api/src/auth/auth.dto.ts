import {
  APPLICANT_LANGUAGES,
  CONFIRM_SIGN_UP_RULES,
  COMMON_CODES,
  LOGIN_RULES,
  RESET_CONFIRM_RULES,
  RESET_REQUEST_RULES,
  SIGN_UP_RULES,
  fromList,
  optional,
  optionalText,
} from '@portal/libs';
import { textUpTo, whenGiven } from '../common/body-rules';
import { FollowsRule } from '../common/rule.decorator';

/** POST /auth/register. The form sends the phone as E.164; any form of a US or Canadian number is taken (phone.ts). */
export class RegisterDto {
  @FollowsRule(SIGN_UP_RULES.firstName) firstName: string;
  @FollowsRule(SIGN_UP_RULES.lastName) lastName: string;
  @FollowsRule(SIGN_UP_RULES.businessName) businessName: string;
  @FollowsRule(SIGN_UP_RULES.phone) phone: string;
  @FollowsRule(SIGN_UP_RULES.email) email: string;
  @FollowsRule(SIGN_UP_RULES.password) password: string;
  @FollowsRule(SIGN_UP_RULES.confirmPassword) confirmPassword: string;
  @FollowsRule(optionalText(64)) affiliateId?: string;
  /** The language the applicant chose in the web app: their emails follow it. */
  @FollowsRule(optional(fromList(APPLICANT_LANGUAGES, COMMON_CODES.invalidValue))) language?: string;
}

export class LoginDto {
  @FollowsRule(LOGIN_RULES.username) username: string;
  @FollowsRule(LOGIN_RULES.password) password: string;
}

export class ConfirmSignUpDto {
  @FollowsRule(CONFIRM_SIGN_UP_RULES.username) username: string;
  @FollowsRule(CONFIRM_SIGN_UP_RULES.password) password: string;
  @FollowsRule(CONFIRM_SIGN_UP_RULES.code) code: string;
}

export class UsernameDto {
  @FollowsRule(RESET_REQUEST_RULES.username) username: string;
}

export class ConfirmForgotPasswordDto {
  @FollowsRule(RESET_CONFIRM_RULES.username) username: string;
  @FollowsRule(RESET_CONFIRM_RULES.code) code: string;
  @FollowsRule(RESET_CONFIRM_RULES.password) password: string;
  @FollowsRule(RESET_CONFIRM_RULES.confirmPassword) confirmPassword: string;
}

/** POST /auth/refresh-token names the user; the refresh cookie is what counts. */
export class RefreshDto {
  @FollowsRule(whenGiven(textUpTo('username', 200))) username?: string;
}
