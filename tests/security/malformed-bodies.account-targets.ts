// The account's mutating endpoints (sign-up, sign-in, codes, password reset, session), with their valid
// bodies and what each of their fields is meant to hold; the malformed-body matrix attacks each.
import { TEST_PASSWORD, applicantFor } from '../support/api-client';
import { text, type Target } from './malformed-bodies.values';

let seq = 0;
/** A number for a unique email, shared by the spec's own sign-ups. */
export const nextSeq = () => ++seq;

export const ACCOUNT_TARGETS: Target[] = [
  {
    name: 'register',
    method: 'POST',
    path: () => '/auth/register',
    body: () => ({ ...applicantFor(`mal-reg-${Date.now()}-${nextSeq()}`), affiliateId: '' }),
    fields: text(
      'firstName',
      'lastName',
      'businessName',
      'phone',
      'email',
      'password',
      'confirmPassword',
      'affiliateId',
    ),
    anonymous: true,
  },
  {
    name: 'login',
    method: 'POST',
    path: () => '/auth/login',
    body: () => ({ username: 'nobody@example.com', password: TEST_PASSWORD }),
    fields: text('username', 'password'),
    anonymous: true,
  },
  {
    name: 'confirm sign-up',
    method: 'POST',
    path: () => '/auth/confirm-signup',
    body: () => ({ username: 'nobody@example.com', password: TEST_PASSWORD, code: '123456' }),
    fields: text('username', 'password', 'code'),
    anonymous: true,
  },
  {
    name: 'send confirmation code',
    method: 'POST',
    path: () => '/auth/send-confirmation-code',
    body: () => ({ username: 'nobody@example.com' }),
    fields: text('username'),
    anonymous: true,
  },
  {
    name: 'forgot password',
    method: 'POST',
    path: () => '/auth/forgot-password',
    body: () => ({ username: 'nobody@example.com' }),
    fields: text('username'),
    anonymous: true,
  },
  {
    name: 'confirm forgot password',
    method: 'POST',
    path: () => '/auth/confirm-forgot-password',
    body: () => ({
      username: 'nobody@example.com',
      code: '123456',
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    }),
    fields: text('username', 'code', 'password', 'confirmPassword'),
    anonymous: true,
  },
  {
    name: 'refresh token',
    method: 'POST',
    path: () => '/auth/refresh-token',
    body: () => ({ username: 'nobody@example.com' }),
    fields: text('username'),
    anonymous: true,
  },
  { name: 'logout', method: 'POST', path: () => '/auth/logout', anonymous: true },
  { name: 'verify email', method: 'PATCH', path: (c) => `/auth/${c.userId}/verify-email` },
];
