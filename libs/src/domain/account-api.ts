/**
 * The wire contract of /api/auth (the specification's 'Account' endpoints), shared by the api and the web client.
 * Every error answers ApiError; the client shows data.message.
 */
import type { SignUpForm } from '../validation/sign-up';
import type { ApplicantLanguage } from './languages';
import type { RegisterAnswer } from './entities';
import type { SessionApplicationView } from './views';

export const API_BASE = '/api';
/** Every request carries the current page path (as the specification's endpoints expect). */
export const PAGE_PATH_HEADER = 'X-Page-Path';
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';
/** Set from ?iso= on /sign-up: 12 hours, SameSite=Strict (the affiliate who referred the applicant, for the lead). */
export const AFFILIATE_COOKIE_NAME = 'affiliateId';
export const AFFILIATE_COOKIE_HOURS = 12;
/** Browser storage keys, as the specification names them. */
export const USER_NAME_KEY = 'userName';
export const AMOUNT_REQUESTED_KEY = 'amount-requested';

export type ApiError = {
  statusCode: number;
  name: string;
  message: string;
  /**
   * message: the English, word for word; messageCode: its code (libs/src/validation/codes.ts), which the
   * web translates; fields and fieldCodes: each field's English and its code, side by side; code: a
   * refusal's code to act on (a journey refusal, TRY_AGAIN, NO_SESSION), never the text.
   */
  data: {
    message: string;
    messageCode?: string;
    fields?: Record<string, string>;
    fieldCodes?: Record<string, string>;
    code?: string;
    /** ANSWERS_CHANGED: the answers as saved now, in the shape (and with the masks) the api answers them. */
    current?: unknown;
  };
};

/** The sign-up form's answers; the phone as E.164, +1 and 10 digits. */
export type RegisterRequest = SignUpForm & {
  affiliateId?: string;
  /** The language chosen in the web app; the account's emails follow it. */
  language?: ApplicantLanguage;
};
export type { RegisterAnswer };

export type LoginRequest = { username: string; password: string };
/** Success needs both fields (the specification's 'Login'); a token refresh answers the same. */
export type LoginAnswer = { message: string; username: string };
/**
 * The sign-in's answer: the specification's, with the signed-in user as GET /auth/user answers them, so the
 * browser starts the session without asking for it again.
 */
export type SignInAnswer = LoginAnswer & { data: DbUser };

export type ConfirmSignUpRequest = { username: string; password: string; code: string };
/** Success when $metadata.httpStatusCode is 200; the session cookies are set; `data`: as for SignInAnswer. */
export type ConfirmSignUpAnswer = { $metadata: { httpStatusCode: number }; username: string; data: DbUser };

export type UsernameRequest = { username: string };
export type CodeDeliveryAnswer = { deliveryMedium: 'EMAIL'; destination: string };

export type ConfirmForgotPasswordRequest = {
  username: string;
  code: string;
  password: string;
  confirmPassword: string;
};
/** message is 'success' when the password was changed. */
export type MessageAnswer = { message: string };

export type VerifyTokenAnswer = { valid: true; username: string };
/**
 * GET /auth/token keeps the specification's shape, but the session lives in httpOnly cookies only (the api
 * takes no bearer token from applicants): `accessToken` is null, so script never holds the session
 * (an injected script could otherwise steal it).
 */
export type TokenAnswer = { data: { accessToken: null } };

export type DbUser = {
  _id: string;
  email: string;
  userName: string;
  firstName: string;
  lastName: string;
  applications: SessionApplicationView[];
};
export type UserAnswer = { data: DbUser };

/**
 * data.code of the 403 an auth path answers when the request carried neither an access token nor a
 * refresh cookie (which travels to /api/auth only): a refresh could not succeed, so the client skips it.
 */
export const NO_SESSION = 'NO_SESSION';

/** The paths, relative to API_BASE. */
export const AUTH_PATHS = {
  register: '/auth/register',
  confirmSignUp: '/auth/confirm-signup',
  sendConfirmationCode: '/auth/send-confirmation-code',
  login: '/auth/login',
  logout: '/auth/logout',
  verifyToken: '/auth/verify-token',
  refreshToken: '/auth/refresh-token',
  forgotPassword: '/auth/forgot-password',
  confirmForgotPassword: '/auth/confirm-forgot-password',
  token: '/auth/token',
  user: '/auth/user',
  verifyEmail: (id: string) => `/auth/${id}/verify-email`,
} as const;
