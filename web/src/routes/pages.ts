import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { loadAllWords } from '../i18n/i18n';

/**
 * Each page is its own chunk, loaded when its route is entered (the router preloads it alongside the
 * route's beforeLoad and loader, so the fetch overlaps the data wait). The first visit downloads only
 * the shell and the page it lands on; `npm test` holds the sizes to budget (web/.size-limit.mjs, the
 * pages listed in web/pages.json). Every page but /sign-up also needs the rest of the catalogue
 * (i18n/en-first.ts holds the first visit's words): it loads beside the page's chunk.
 */
const withWords =
  <T>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadAllWords()]))[0];

export const pages = {
  dataExport: lazyRouteComponent(
    withWords(() => import('../features/privacy/export-page')),
    'DataExportPage',
  ),
  login: lazyRouteComponent(
    withWords(() => import('../features/account/login-page')),
    'LoginPage',
  ),
  signUp: lazyRouteComponent(() => import('../features/account/sign-up-page'), 'SignUpPage'),
  forgotPassword: lazyRouteComponent(
    withWords(() => import('../features/account/forgot-password-page')),
    'ForgotPasswordPage',
  ),
  financial: lazyRouteComponent(
    withWords(() => import('../features/journey/financial-page')),
    'FinancialPage',
  ),
  business: lazyRouteComponent(
    withWords(() => import('../features/journey/business-page')),
    'BusinessPage',
  ),
  owners: lazyRouteComponent(
    withWords(() => import('../features/journey/owners-page')),
    'OwnersPage',
  ),
  eraseAccount: lazyRouteComponent(
    withWords(() => import('../features/privacy/erase-account-page')),
    'EraseAccountPage',
  ),
  signature: lazyRouteComponent(
    withWords(() => import('../features/journey/signature-page')),
    'SignaturePage',
  ),
  bankStatements: lazyRouteComponent(
    withWords(() => import('../features/documents/bank-statements-page')),
    'BankStatementsPage',
  ),
  offers: lazyRouteComponent(
    withWords(() => import('../features/offers/offers-page')),
    'OffersPage',
  ),
  giggle: lazyRouteComponent(
    withWords(() => import('../features/journey/giggle-page')),
    'GigglePage',
  ),
  privacyPolicy: lazyRouteComponent(
    withWords(() => import('../features/legal/privacy-policy-page')),
    'PrivacyPolicyPage',
  ),
  termsOfUse: lazyRouteComponent(
    withWords(() => import('../features/legal/terms-of-use-page')),
    'TermsOfUsePage',
  ),
  status: lazyRouteComponent(
    withWords(() => import('../features/status/status-page')),
    'StatusPage',
  ),
  sharedStatus: lazyRouteComponent(
    withWords(() => import('../features/status/shared-status-page')),
    'SharedStatusPage',
  ),
  coOwnerSign: lazyRouteComponent(
    withWords(() => import('../features/status/co-owner-sign-page')),
    'CoOwnerSignPage',
  ),
  coOwnerSigned: lazyRouteComponent(
    withWords(() => import('../features/status/co-owner-signed-page')),
    'CoOwnerSignedPage',
  ),
  phone: lazyRouteComponent(
    withWords(() => import('../features/phone/phone-page')),
    'PhonePage',
  ),
  accessibility: lazyRouteComponent(
    withWords(() => import('../features/legal/accessibility-page')),
    'AccessibilityPage',
  ),
} satisfies Record<string, RouteComponent>;
