// The journey's steps the US and Canada journeys share (journey.spec.ts, journey-canada.spec.ts).
import { expect, type APIResponse, type Page } from '@playwright/test';
import { codeFromMail, type ApiClient } from '../support/api-client';
import { DETAILS_ANSWERS, saveAnswers, stepOn } from '../support/journey';
import { handWrittenPdf } from '../support/pdf-fixtures';
import { expectNoAxeViolations } from './keyboard';

export const base = () => process.env.E2E_BASE_URL!;
export const crm = () => process.env.E2E_CRM_URL!;

/** Who signs up: what the sign-up form asks besides the email. */
export type Applicant = { firstName: string; lastName: string; businessName: string; phone: string; password: string };
export const DOROTHY: Applicant = {
  firstName: 'Dorothy',
  lastName: 'Vaughan',
  businessName: 'Fortran Freight LLC',
  phone: '2125550177',
  password: 'Punch-Card-1949',
};

/** Fills the sign-up form on /sign-up, the phone typed key by key as its mask takes it. */
export async function fillSignUp(page: Page, email: string, who: Applicant = DOROTHY) {
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Business name').fill(who.businessName);
  await page.getByLabel('Phone').pressSequentially(who.phone);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm password').fill(who.password);
}

/** Signs up through the form and the emailed code; the journey opens on /financial. */
export async function signUp(page: Page, email: string, who: Applicant = DOROTHY) {
  await page.goto(`${base()}/sign-up`);
  await fillSignUp(page, email, who);
  const since = new Date();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Confirmation code').fill(await codeFromMail(process.env.E2E_MAILDEV_URL!, email, since));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/financial$/, { timeout: 15_000 });
  // The address changes before the page does: the journey's first page is there when its heading is.
  await expect(page.getByRole('heading', { level: 1, name: 'Annual revenue and amount requested' })).toBeVisible();
}

export async function financial(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Annual revenue is required')).toBeVisible();
  await page.getByLabel('Annual revenue').fill('0');
  await page.getByLabel('Amount requested').fill('99000001');
  await expect(page.getByLabel('Amount requested')).toHaveValue('$99,000,001');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Value cannot be zero')).toBeVisible();
  await expect(page.getByText('Value cannot exceed $99,000,000')).toBeVisible();
  await page.getByLabel('Annual revenue').fill('1200000');
  await page.getByLabel('Amount requested').fill('150000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/business$/);
}

// A real one-page PDF: the api checks the structure, not just the header.
export const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: handWrittenPdf(name) });

export async function records(type: string) {
  return (await (await fetch(`${crm()}/__admin/sobjects/${type}`)).json()) as Record<string, unknown>[];
}

/** /offers step 2 to the booking view: choose, the two last documents, submit. */
export async function offersToBooking(page: Page, offerName: RegExp, docs: 'both' | 'check only', shot: string) {
  await expect(page).toHaveURL(/\/offers$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: "You're Pre-Qualified. Now Pick Your Path." })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  const card = page.getByRole('article', { name: offerName });
  // Every card, a line of credit's too, states its estimated APR.
  await expect(card.getByText('Estimated APR', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Select Offer' }).click();
  await expect(card.getByRole('button', { name: 'Selected' })).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/offers-${shot}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks for Selecting Your Offer' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Schedule a call with my agent' }).click();
  await expect(page.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
  await page.getByLabel('Voided check PDF').setInputFiles(pdf('check.pdf'));
  await expect(page.getByText('voided-check.pdf')).toBeVisible({ timeout: 20_000 });
  if (docs === 'both') {
    await page.getByLabel("Driver's license PDF").setInputFiles(pdf('license.pdf'));
    await expect(page.getByText('drivers-license.pdf')).toBeVisible({ timeout: 20_000 });
  } else {
    await page.getByRole('checkbox', { name: "I don't have this (Driver's license)" }).check();
  }
  await page.screenshot({ path: `test-results/screenshots/final-documents-${shot}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Submit Application' }).click();
  // The pressed button is gone: focus goes to the submitted view's heading, not to <body>.
  await expect(page.getByRole('heading', { name: 'Your application has been submitted!' })).toBeFocused({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('heading', { name: 'Book a call with your dedicated funding expert Jordan Rivera' }),
  ).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/submitted-${shot}.png`, fullPage: true });
}

/** After submission, 'Where do I stand' (side menu) says so and names the rep. */
export async function statusAfterSubmission(page: Page, shot: string) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Where do I stand' }).click();
  await expect(page.getByText('Your application is submitted.')).toBeVisible();
  await expect(page.getByText('Waiting on the funding team: they are reviewing your application.')).toBeVisible();
  await expect(page.getByText('Jordan Rivera will be in touch about your application.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Steps' }).getByText('Done')).toHaveCount(5);
  await expectNoAxeViolations(page, '/status after submission');
  await page.screenshot({ path: `screenshots/status-submitted-${shot}.png`, fullPage: true });
}

export async function leadOf(email: string) {
  const leads = (await (await fetch(`${crm()}/__admin/sobjects/Lead`)).json()) as Record<string, unknown>[];
  return leads.find((l) => l.Email === email);
}

/** The browser's own session as the api helpers' client: its cookies, and the XSRF echo the web app sends. */
export function sessionClient(page: Page, pagePath = '/status'): ApiClient {
  const answer = async (res: APIResponse) => ({
    status: res.status(),
    headers: new Headers(res.headers()),
    body: await res.json().catch(() => undefined),
  });
  const xsrf = async () => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = async () => ({ 'x-xsrf-token': decodeURIComponent(await xsrf()), 'x-page-path': pagePath });
  const api = (path: string) => `${base()}/api${path}`;
  // A kept-alive socket the server closed as it was reused answers 'socket hang up': a browser sends an
  // idempotent request again on a fresh socket, and so does a read here.
  const read = (path: string) =>
    page.request.get(api(path)).catch((e: Error) => {
      if (!/ECONNRESET|socket hang up/.test(e.message)) throw e;
      return page.request.get(api(path));
    });
  return {
    get: async (path: string) => answer(await read(path)),
    post: async (path: string, body: unknown = {}) =>
      answer(await page.request.post(api(path), { data: body, headers: await headers() })),
    patch: async (path: string, body: unknown = {}) =>
      answer(await page.request.patch(api(path), { data: body, headers: await headers() })),
  } as unknown as ApiClient;
}

/** Holds every script of the app until `release` is called (to look at what shows before the app runs). */
export async function holdScripts(page: Page) {
  const held: (() => Promise<void>)[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) =>
    released ? route.continue() : void held.push(() => route.continue()),
  );
  return async () => {
    released = true;
    // A request the page has since given up (it navigated away) is let go of quietly.
    await Promise.all(held.splice(0).map((go) => go().catch(() => undefined)));
  };
}

/** Errors thrown in the page: a hydration that failed reports one. */
export const pageErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
};

/**
 * Signed up in the browser, walked to the signature through the api, signed on the stand-in: the applicant
 * at /bank-statements with the api client of their session. A Texas business by default (three months of
 * statements); `business` changes the details saved (a New York business is asked for four).
 */
export async function toBankStatements(page: Page, email: string, business: Partial<typeof DETAILS_ANSWERS> = {}) {
  await signUp(page, email);
  const client = sessionClient(page, '/owners');
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  await saveAnswers(client, applicationId);
  if (Object.keys(business).length) {
    const businessId = (await client.get(`/business/application/${applicationId}`)).body._id as string;
    expect((await client.patch(`/business/${businessId}`, { ...DETAILS_ANSWERS, ...business })).status).toBe(200);
  }
  for (let i = 0; i < 4; i++) expect((await stepOn(client, applicationId)).status).toBe(200);
  await page.goto(`${base()}/signature`);
  await page.getByRole('button', { name: 'Sign', exact: true }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/bank-statements$/, { timeout: 30_000 });
  return { client, applicationId, slots: page.locator('.doc-slot') };
}
