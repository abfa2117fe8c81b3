import {
  APPLICANT_LANGUAGES,
  CONFIRM_SIGN_UP_RULES,
  COMMON_CODES,
  E164_US_CA_PATTERN,
  LOGIN_RULES,
  RESET_CONFIRM_RULES,
  RESET_REQUEST_RULES,
  SIGN_UP_RULES,
  all,
  fromList,
  optional,
  optionalText,
  pattern,
  required,
  type RuleSet,
} from '@portal/libs';
import { textUpTo, whenGiven } from '../common/body-rules';

/** POST /auth/register. The phone arrives as +1 and 10 digits (the form's (123) 456-7890, converted). */
export type RegisterDto = {
  firstName: string;
  lastName: string;
  businessName: string;
  phone: string;
  email: string;
  password: string;
  confirmPassword: string;
  affiliateId?: string;
  /** The language the applicant chose in the web app (issue 16): their emails follow it. */
  language?: string;
};
export const REGISTER_RULES = {
  firstName: SIGN_UP_RULES.firstName,
  lastName: SIGN_UP_RULES.lastName,
  businessName: SIGN_UP_RULES.businessName,
  phone: all(required(COMMON_CODES.phoneRequired), pattern(E164_US_CA_PATTERN, COMMON_CODES.phoneFormat)),
  email: SIGN_UP_RULES.email,
  password: SIGN_UP_RULES.password,
  confirmPassword: SIGN_UP_RULES.confirmPassword,
  affiliateId: optionalText(64),
  language: optional(fromList(APPLICANT_LANGUAGES, COMMON_CODES.invalidValue)),
} satisfies RuleSet;

export type LoginDto = { username: string; password: string };
export const LOGIN_BODY_RULES = { username: LOGIN_RULES.username, password: LOGIN_RULES.password } satisfies RuleSet;

export type ConfirmSignUpDto = { username: string; password: string; code: string };
export const CONFIRM_SIGN_UP_BODY_RULES = {
  username: CONFIRM_SIGN_UP_RULES.username,
  password: CONFIRM_SIGN_UP_RULES.password,
  code: CONFIRM_SIGN_UP_RULES.code,
} satisfies RuleSet;

export type UsernameDto = { username: string };
export const USERNAME_RULES = { username: RESET_REQUEST_RULES.username } satisfies RuleSet;

export type ConfirmForgotPasswordDto = { username: string; code: string; password: string; confirmPassword: string };
export const CONFIRM_FORGOT_PASSWORD_RULES = {
  username: RESET_CONFIRM_RULES.username,
  code: RESET_CONFIRM_RULES.code,
  password: RESET_CONFIRM_RULES.password,
  confirmPassword: RESET_CONFIRM_RULES.confirmPassword,
} satisfies RuleSet;

/** POST /auth/refresh-token names the user; the refresh cookie is what counts. */
export type RefreshDto = { username?: string };
export const REFRESH_RULES = { username: whenGiven(textUpTo('username', 200)) } satisfies RuleSet;
