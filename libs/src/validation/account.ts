import { EMAIL_PATTERN } from './formats';
import { ACCOUNT_CODES, COMMON_CODES } from './codes';
import { PASSWORD_MAX_LENGTH, all, maxLength, pattern, required, sameAs, type RuleSet } from './rules';
import { emailRule, newPasswordRule } from './sign-up';

/** The specification's 'Login' rules: username, password and, on the code step, the code are required. */
export const LOGIN_RULES = {
  username: all(required(), maxLength(200), pattern(EMAIL_PATTERN, COMMON_CODES.emailInvalid)),
  // No account has a longer one (sign-up and reset refuse it), so nothing longer is worth hashing.
  password: all(required(), maxLength(PASSWORD_MAX_LENGTH, COMMON_CODES.passwordTooLong)),
} satisfies RuleSet;

export const CONFIRMATION_CODE_PATTERN = /^\d{6}$/;
export const CODE_LENGTH = 6;
export const RESEND_CODE_SECONDS = 30;

export const CONFIRM_SIGN_UP_RULES = {
  username: LOGIN_RULES.username,
  password: LOGIN_RULES.password,
  code: all(required(), pattern(CONFIRMATION_CODE_PATTERN, ACCOUNT_CODES.codeFormat)),
} satisfies RuleSet;

/** The specification's 'Reset', its first step (the misspelling is the specification's). */
export const RESET_REQUEST_RULES = { username: emailRule(COMMON_CODES.emailRequiredReset) } satisfies RuleSet;

/** The specification's 'Reset', its second step. */
export const RESET_CONFIRM_RULES = {
  username: emailRule(COMMON_CODES.emailRequiredReset),
  code: all(required(COMMON_CODES.codeRequired), pattern(CONFIRMATION_CODE_PATTERN, ACCOUNT_CODES.codeFormat)),
  password: newPasswordRule(COMMON_CODES.passwordRequired),
  confirmPassword: all(required(COMMON_CODES.reEnterPassword), sameAs('password', COMMON_CODES.passwordsDoNotMatch)),
} satisfies RuleSet;

/** The login error that switches to the code step, by its code (the api answers it in data.messageCode). */
export const isUserNotConfirmed = (code: string | undefined): boolean => code === ACCOUNT_CODES.userNotConfirmed;
