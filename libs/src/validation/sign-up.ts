import { NAME_LIMITS } from '../crm/fields';
import { EMAIL_PATTERN } from './formats';
import { phoneNumberRule } from './phone-rule';
import { COMMON_CODES } from './codes';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  all,
  noMarkup,
  maxLength,
  minLength,
  pattern,
  required,
  requiredText,
  sameAs,
  type RuleSet,
} from './rules';

export type SignUpForm = {
  firstName: string;
  lastName: string;
  businessName: string;
  phone: string;
  email: string;
  password: string;
  confirmPassword: string;
};

export const emailRule = (requiredMessage: string = COMMON_CODES.emailRequired) =>
  all(required(requiredMessage), maxLength(200), pattern(EMAIL_PATTERN, COMMON_CODES.emailInvalid));

export const phoneRule = phoneNumberRule();

export const newPasswordRule = (requiredMessage?: string) =>
  all(
    required(requiredMessage),
    minLength(PASSWORD_MIN_LENGTH, COMMON_CODES.passwordTooShort),
    maxLength(PASSWORD_MAX_LENGTH, COMMON_CODES.passwordTooLong),
  );

/** An email the CRM can hold as a lead's Email (80 characters), for new accounts and owners. */
export const crmEmailRule = (requiredMessage: string = COMMON_CODES.emailRequired) =>
  all(
    required(requiredMessage),
    maxLength(NAME_LIMITS.email, COMMON_CODES.emailTooLong),
    pattern(EMAIL_PATTERN, COMMON_CODES.emailInvalid),
  );

/**
 * The specification's 'Sign-up' rules. The phone is read in any of its forms (phone.ts): the form shows it as
 * (123) 456-7890 and sends its E.164, the api stores that. Names, business name and email are held to the lengths of
 * the CRM lead they become (sign-in still accepts 200).
 */
export const SIGN_UP_RULES = {
  firstName: all(requiredText(undefined, NAME_LIMITS.firstName, COMMON_CODES.firstNameTooLong), noMarkup),
  lastName: all(requiredText(undefined, NAME_LIMITS.lastName, COMMON_CODES.lastNameTooLong), noMarkup),
  businessName: all(requiredText(undefined, NAME_LIMITS.company, COMMON_CODES.businessNameTooLong), noMarkup),
  phone: phoneRule,
  email: crmEmailRule(),
  password: newPasswordRule(),
  confirmPassword: all(required(), sameAs('password', COMMON_CODES.passwordsDoNotMatch)),
} satisfies RuleSet;
