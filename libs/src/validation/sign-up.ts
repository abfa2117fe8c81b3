import { NAME_LIMITS } from '../crm/fields';
import { EMAIL_PATTERN, PHONE_PATTERN } from './formats';
import { MESSAGES } from './messages';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  all,
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

export const emailRule = (requiredMessage: string = MESSAGES.emailRequired) =>
  all(required(requiredMessage), maxLength(200), pattern(EMAIL_PATTERN, MESSAGES.emailInvalid));

export const phoneRule = all(required(MESSAGES.phoneRequired), pattern(PHONE_PATTERN, MESSAGES.phoneFormat));

export const newPasswordRule = (requiredMessage?: string) =>
  all(
    required(requiredMessage),
    minLength(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort),
    maxLength(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong),
  );

/** An email the CRM can hold as a lead's Email (80 characters), for new accounts and owners. */
export const crmEmailRule = (requiredMessage: string = MESSAGES.emailRequired) =>
  all(
    required(requiredMessage),
    maxLength(NAME_LIMITS.email, MESSAGES.emailTooLong),
    pattern(EMAIL_PATTERN, MESSAGES.emailInvalid),
  );

/**
 * Section 5 'Sign-up'. The phone rule applies to the masked form value, (123) 456-7890. Names, business
 * name and email are held to the lengths of the CRM lead they become (sign-in still accepts 200).
 */
export const SIGN_UP_RULES = {
  firstName: requiredText(undefined, NAME_LIMITS.firstName, MESSAGES.firstNameTooLong),
  lastName: requiredText(undefined, NAME_LIMITS.lastName, MESSAGES.lastNameTooLong),
  businessName: requiredText(undefined, NAME_LIMITS.company, MESSAGES.businessNameTooLong),
  phone: phoneRule,
  email: crmEmailRule(),
  password: newPasswordRule(),
  confirmPassword: all(required(), sameAs('password', MESSAGES.passwordsDoNotMatch)),
} satisfies RuleSet;
