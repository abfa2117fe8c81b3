// Every mutating endpoint, with its valid body and what each of its fields is meant to hold (the account's
// own in malformed-bodies.account-targets.ts).
import { TEST_PASSWORD } from '../support/api-client';
import { ACCOUNT_TARGETS } from './malformed-bodies.account-targets';
import { ERASURE_TARGET } from './malformed-bodies.erasure-target';
import { text, type Target } from './malformed-bodies.values';
import { DETAILS, FINANCIAL, OWNER, QUESTION } from './valid-bodies';

export { nextSeq } from './malformed-bodies.account-targets';
export type { Ctx, Target } from './malformed-bodies.values';

export const TARGETS: Target[] = [
  ...ACCOUNT_TARGETS,
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
  {
    name: 'submit statements',
    method: 'POST',
    path: (c) => `/application/${c.applicationId}/submit-statements`,
    body: () => ({ seen: [] }),
    fields: { seen: 'list' },
  },
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
  // A page's draft: its fields are the form as typed (any text, number or flag, unjudged), so only the
  // draft as a whole is attacked by type: anything but a plain object is refused.
  {
    name: 'draft save',
    method: 'PUT',
    path: (c) => `/draft/${c.applicationId}/owners`,
    body: () => ({ fields: { sameAsBusinessInfo: false, owners: [{ firstName: 'Ada' }] } }),
    fields: { fields: 'object' },
  },
  { name: 'draft removal', method: 'DELETE', path: (c) => `/draft/${c.applicationId}/owners` },
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
  {
    name: 'download my data',
    method: 'POST',
    path: () => '/privacy/data-export',
    body: () => ({ password: TEST_PASSWORD }),
    fields: text('password'),
  },
  ERASURE_TARGET,
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
