import { EMAIL_PATTERN } from './formats';
import { MESSAGES } from './messages';
import { PASSWORD_MAX_LENGTH, all, maxLength, pattern, required, sameAs, type RuleSet } from './rules';
import { emailRule, newPasswordRule } from './sign-up';

/** Errors of the account layer: section 8's words, and ours where the specification shows none. */
export const ACCOUNT_MESSAGES = {
  unableToLogin: 'Unable to login',
  unableToConfirm: 'Unable to confirm signup',
  somethingWentWrong: 'Something went wrong',
  noEmailFromUserInfo: 'No email returned from user info',
  unableToGetUserInfo: 'Unable to get user info',
  userNotConfirmed: 'User is not confirmed.',
  incorrectCredentials: 'Incorrect username or password.',
  accountExists: 'An account with this email already exists. Please log in.',
  invalidCode: 'Invalid verification code provided, please try again.',
  expiredCode: 'This code has expired or was tried too many times. Please request a new code.',
  codeFormat: 'Enter the 6-digit code from the email',
  commonPassword: 'This password is too common. Please choose a less common one.',
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before requesting another code.`,
  tooManyAttempts: (seconds: number) => `Too many attempts. Please try again in ${seconds} seconds.`,
  resetPasswordToContinue: 'Too many wrong passwords for this account. Please reset your password to continue.',
  passwordChanged: 'Password change successful!',
  success: 'success',
} as const;

/** Section 5 'Login': username, password and, on the code step, the code are required. */
export const LOGIN_RULES = {
  username: all(required(), maxLength(200), pattern(EMAIL_PATTERN, MESSAGES.emailInvalid)),
  // No account has a longer one (sign-up and reset refuse it), so nothing longer is worth hashing.
  password: all(required(), maxLength(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong)),
} satisfies RuleSet;

export const CONFIRMATION_CODE_PATTERN = /^\d{6}$/;
export const CODE_LENGTH = 6;
export const RESEND_CODE_SECONDS = 30;

export const CONFIRM_SIGN_UP_RULES = {
  username: LOGIN_RULES.username,
  password: LOGIN_RULES.password,
  code: all(required(), pattern(CONFIRMATION_CODE_PATTERN, ACCOUNT_MESSAGES.codeFormat)),
} satisfies RuleSet;

/** Section 5 'Reset', step 1 (the misspelling is the specification's). */
export const RESET_REQUEST_RULES = { username: emailRule(MESSAGES.emailRequiredReset) } satisfies RuleSet;

/** Section 5 'Reset', step 2. */
export const RESET_CONFIRM_RULES = {
  username: emailRule(MESSAGES.emailRequiredReset),
  code: all(required(MESSAGES.codeRequired), pattern(CONFIRMATION_CODE_PATTERN, ACCOUNT_MESSAGES.codeFormat)),
  password: newPasswordRule(MESSAGES.passwordRequired),
  confirmPassword: all(required(MESSAGES.reEnterPassword), sameAs('password', MESSAGES.passwordsDoNotMatch)),
} satisfies RuleSet;

/** 'user is not confirmed.' in any case: the login error that switches to the code step. */
export const isUserNotConfirmed = (message: string | undefined): boolean =>
  (message ?? '').toLowerCase() === ACCOUNT_MESSAGES.userNotConfirmed.toLowerCase();
