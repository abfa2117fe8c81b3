// Every mutating endpoint, with its valid body and what each of its fields is meant to hold.
import { TEST_PASSWORD, applicantFor } from '../support/api-client';
import type { FieldKind } from './malformed-bodies.values';
import { DETAILS, FINANCIAL, OWNER, QUESTION } from './valid-bodies';
import { ERASURE_TARGET } from './malformed-bodies.erasure-target';

export type Ctx = { applicationId: string; businessId: string; ownerSetId: string; offerId: string; userId: string };
export type Target = {
  name: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  path: (c: Ctx) => string;
  /** The valid body; absent for endpoints that take none (they get only the broken-body attacks). */
  body?: (c: Ctx) => Record<string, unknown>;
  fields?: Record<string, FieldKind>;
  anonymous?: boolean;
  /** The multipart upload: JSON is the wrong content type there. */
  multipart?: boolean;
  /** Webhook bodies of the field attacks are signed, so they reach the handler. */
  signed?: boolean;
};

const text = (...names: string[]): Record<string, FieldKind> => Object.fromEntries(names.map((n) => [n, 'text']));
let seq = 0;
/** A number for a unique email, shared by the spec's own sign-ups. */
export const nextSeq = () => ++seq;

export const TARGETS: Target[] = [
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
  ERASURE_TARGET,
  { name: 'verify email', method: 'PATCH', path: (c) => `/auth/${c.userId}/verify-email` },
  {
    name: 'create application',
    method: 'POST',
    path: () => '/application',
    body: (c) => ({ userId: c.userId, topUp: 0 }),
    fields: { userId: 'text', topUp: 'number' },
  },
  {
    name: 'change application',
    method: 'PATCH',
    path: (c) => `/application/${c.applicationId}`,
    body: () => ({ topUp: 0 }),
    fields: { topUp: 'number' },
  },
  {
    name: 'giggle-finance',
    method: 'POST',
    path: (c) => `/application/${c.applicationId}/giggle-finance`,
    body: () => ({ action: 'back' }),
    fields: text('action'),
  },
  {
    name: 'submit application',
    method: 'POST',
    path: (c) => `/application/${c.applicationId}/submit-application`,
    body: () => ({ voidedCheck: 'notAvailable', driversLicense: 'notAvailable' }),
    fields: text('voidedCheck', 'driversLicense'),
  },
  { name: 'submit statements', method: 'POST', path: (c) => `/application/${c.applicationId}/submit-statements` },
  {
    name: 'business',
    method: 'POST',
    path: () => '/business',
    body: (c) => ({ applicationId: c.applicationId }),
    fields: text('applicationId'),
  },
  {
    name: 'financial',
    method: 'PATCH',
    path: (c) => `/business/${c.businessId}`,
    body: () => FINANCIAL,
    fields: { section: 'text', annualRevenue: 'number', amountRequested: 'number' },
  },
  {
    name: 'business question',
    method: 'PATCH',
    path: (c) => `/business/${c.businessId}`,
    body: () => QUESTION,
    fields: text('section', 'businessStarted', 'businessStartDate', 'useOfProceeds'),
  },
  {
    name: 'business details',
    method: 'PATCH',
    path: (c) => `/business/${c.businessId}`,
    body: () => DETAILS,
    fields: {
      ...text(
        'businessName',
        'dbaName',
        'legalEntity',
        'acceptsCreditCards',
        'otherBusinessLoans',
        'federalTaxId',
        'phoneNumber',
        'country',
        'address',
        'suiteFloor',
        'city',
        'state',
        'zip',
        'industry',
        'naics',
        'website',
        'businessDescription',
      ),
      avgDailyBalance: 'number',
      openLoanBalances: 'number',
      numberOfEmployees: 'number',
      productsInterestedIn: 'list',
      hasRealEstate: 'bool',
      hasBusinessBankAccount: 'bool',
    },
  },
  {
    name: 'owner set',
    method: 'POST',
    path: () => '/owner',
    body: (c) => ({ applicationId: c.applicationId }),
    fields: text('applicationId'),
  },
  {
    name: 'owners',
    method: 'PATCH',
    path: (c) => `/owner/${c.ownerSetId}`,
    body: () => ({ owners: [OWNER], sameAsBusinessInfo: false }),
    fields: {
      owners: 'list',
      sameAsBusinessInfo: 'bool',
      ...Object.fromEntries(
        Object.keys(OWNER).map((k) => [
          `owners.0.${k}`,
          ['ownershipPercent', 'creditReport'].includes(k) ? 'number' : k === 'isUSCitizen' ? 'bool' : 'text',
        ]),
      ),
    },
  },
  {
    name: 'stage record',
    method: 'POST',
    path: () => '/stage',
    body: (c) => ({ applicationId: c.applicationId, pageName: 'FINANCIAL', path: '/financial' }),
    fields: text('applicationId', 'pageName', 'path'),
  },
  {
    name: 'stage move',
    method: 'PATCH',
    path: (c) => `/stage/${c.applicationId}`,
    body: () => ({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial', isPdfSent: false }),
    fields: { pageName: 'text', pageStep: 'number', path: 'text', isPdfSent: 'bool' },
  },
  { name: 'stage next', method: 'POST', path: (c) => `/stage/${c.applicationId}/next` },
  { name: 'stage previous', method: 'POST', path: (c) => `/stage/${c.applicationId}/previous` },
  {
    name: 'signing',
    method: 'POST',
    path: () => '/box/sign',
    body: () => ({}),
    fields: text('applicationId'),
  },
  {
    name: 'offers',
    method: 'POST',
    path: () => '/offer',
    body: () => ({}),
    fields: text('applicationId'),
  },
  {
    name: 'offer selection',
    method: 'PATCH',
    path: (c) => `/offer/${c.offerId}`,
    body: (c) => ({ applicationId: c.applicationId, selectedId: 'none' }),
    fields: { applicationId: 'text', selectedId: 'text', offerOptions: 'list', 'offerOptions.0.isSelected': 'text' },
  },
  {
    name: 'email offer',
    method: 'POST',
    path: () => '/offer/email-offer',
    body: () => ({}),
    fields: text('applicationId'),
  },
  { name: 'file upload', method: 'POST', path: () => '/file/s3', multipart: true },
  { name: 'file removal', method: 'DELETE', path: () => '/file/000000000000000000000000' },
  // Connect your bank (the bank endpoints), Plaid's webhooks (unsigned here: refused before any
  // field is read), and the phone's documents (the desktop's link, the phone's photos by a bogus token).
  ...(['link-token', 'statements', 'disconnect'] as const).map((action): Target => ({
    name: `bank ${action}`,
    method: 'POST',
    path: () => `/bank/${action}`,
    body: (c) => ({ applicationId: c.applicationId }),
    fields: text('applicationId'),
  })),
  {
    name: 'bank exchange',
    method: 'POST',
    path: () => '/bank/exchange',
    body: (c) => ({ applicationId: c.applicationId, publicToken: `public-sandbox-${crypto.randomUUID()}` }),
    fields: text('applicationId', 'publicToken'),
  },
  {
    name: 'Plaid webhook',
    method: 'POST',
    path: () => '/webhooks/plaid',
    body: () => ({ webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: 'unknown-item', environment: 'sandbox' }),
    fields: text('webhook_type', 'webhook_code', 'item_id'),
    anonymous: true,
  },
  {
    name: 'phone link',
    method: 'POST',
    path: () => '/file/phone-link',
    body: (c) => ({ applicationId: c.applicationId, fileType: 'Voided Check', language: 'en' }),
    fields: text('applicationId', 'fileType', 'monthLabel', 'language'),
  },
  { name: 'phone link removal', method: 'DELETE', path: () => '/file/phone-link/000000000000000000000000' },
  { name: 'phone photos', method: 'POST', path: () => '/phone/bogus.token/photos', multipart: true, anonymous: true },
  {
    name: 'Box webhook',
    method: 'POST',
    path: () => '/webhooks/box',
    body: () => ({
      type: 'webhook_event',
      id: 'evt-malformed',
      trigger: 'SIGN_REQUEST.COMPLETED',
      additional_info: { sign_request_id: 'unknown-request' },
    }),
    fields: text('type', 'id', 'trigger', 'additional_info.sign_request_id'),
    anonymous: true,
    signed: true,
  },
];
