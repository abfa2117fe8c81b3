// Nothing typed is lost (a session that ends mid-form, a reload, another browser): drafts are kept by the
// api, never in the browser's storage; and a step re-saved with its masked values untouched keeps what is on file.
import { expect, test, type Page } from '@playwright/test';
import { DETAILS_ANSWERS, FINANCIAL_ANSWERS, QUESTION_ANSWERS, ownerAnswers, stepOn } from '../support/journey';
import { DOROTHY, base, sessionClient, leadOf, signUp } from './journey.steps';
import { leadFields, showsChange } from '../support/crm-lead';
import { holdFor } from '../support/until';

/** Signs up, saves the answers before /owners through the api and moves the stage `steps` on. */
async function toStep(page: Page, email: string, steps: number, owners?: Record<string, unknown>[]) {
  await signUp(page, email);
  const client = sessionClient(page, '/financial');
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  const businessId = (await client.get(`/business/application/${applicationId}`)).body._id as string;
  for (const body of [FINANCIAL_ANSWERS, QUESTION_ANSWERS, DETAILS_ANSWERS])
    expect((await client.patch(`/business/${businessId}`, body)).status).toBe(200);
  if (owners) {
    const setId = (await client.post('/owner', { applicationId })).body._id as string;
    expect((await client.patch(`/owner/${setId}`, { owners })).status).toBe(200);
  }
  for (let i = 0; i < steps; i++) expect((await stepOn(client, applicationId)).status).toBe(200);
  return { client, applicationId };
}

/** The api's draft of a page, as the browser's session reads it. */
const draftOf = async (client: ReturnType<typeof sessionClient>, applicationId: string, step: string) =>
  JSON.stringify((await client.get(`/draft/${applicationId}/${step}`)).body?.fields ?? {});

/** What localStorage holds that is personal: any of `words`. */
const personalIn = async (page: Page, words: RegExp) =>
  words.test(await page.evaluate(() => JSON.stringify(localStorage)));

test('a session that ends on /owners: the login page says so, and logging in brings back the step and what was typed, SSN and birth date masked', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const email = `draft-lost-${info.project.name}-${Date.now()}@example.com`;
  const { client, applicationId } = await toStep(page, email, 3);
  await page.goto(`${base()}/owners`);
  await page.getByLabel('First name').fill('Katherine');
  await page.getByLabel('Last name').fill('Johnson');
  await page.getByLabel('Home address').fill('12 Orbit Way');
  await page.getByLabel('City').fill('Hampton');
  await page.getByLabel('State').selectOption('VA');
  await page.getByLabel('Zip code').fill('23666');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Date of birth').fill('1978-08-26');
  await page.getByLabel('Phone').pressSequentially('2125550144');
  await page.getByLabel('Percent ownership').fill('100');
  await page.getByLabel('Estimated credit score').fill('760');
  await page.getByLabel('SSN').pressSequentially('123456789');
  await page.getByRole('group', { name: 'US citizen?' }).getByText('Yes').click();
  // Kept by the api (its answer masks the SSN), once typing pauses; nothing personal in the browser.
  await expect
    .poll(() => draftOf(client, applicationId, 'owners'), { timeout: 10_000 })
    .toMatch(/\*\*\*-\*\*-6789.*Yes|Yes.*\*\*\*-\*\*-6789/);
  const personal = /Katherine|Johnson|Orbit|Hampton|23666|555-?0144|6789|1978/;
  expect(await personalIn(page, personal)).toBe(false);

  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByText('You were signed out; your answers are kept.')).toBeVisible();
  expect(await personalIn(page, new RegExp(`${personal.source}|${email}`))).toBe(false);
  await page.screenshot({ path: `test-results/shots/drafts-signed-out-${info.project.name}.png`, fullPage: true });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DOROTHY.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/owners$/, { timeout: 15_000 });
  await expect(page.getByLabel('First name')).toHaveValue('Katherine');
  await expect(page.getByLabel('Last name')).toHaveValue('Johnson');
  await expect(page.getByLabel('Home address')).toHaveValue('12 Orbit Way');
  await expect(page.getByLabel('State')).toHaveValue('VA');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Phone')).toHaveValue('(212) 555-0144');
  await expect(page.getByLabel('Percent ownership')).toHaveValue('100');
  await expect(page.getByLabel('Estimated credit score')).toHaveValue('760');
  // Never sent back in clear: masked, said so, and still the answer (the api keeps what was typed).
  await expect(page.getByLabel('SSN')).toHaveValue('***-**-6789');
  await expect(page.getByLabel('Date of birth')).toHaveValue('****-**-**');
  await expect(page.getByText(/Kept from your unsaved answers/)).toHaveCount(2);
  await page.getByRole('button', { name: 'Proceed' }).click();
  // On to the signature: the move made the sign request, so the page sends the applicant on to sign at once.
  await expect(page.getByText('Box Sign (local stand-in)')).toBeVisible({ timeout: 20_000 });
  const want = { owner1: { ssn: '123456789', dateOfBirth: '1978-08-26' } };
  await expect.poll(async () => showsChange(await leadOf(email), want), { timeout: 20_000 }).toBe(true);
  expect(await draftOf(client, applicationId, 'owners')).toBe('{}');
});

test('what was typed in one browser is there in another after logging in', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const email = `draft-device-${info.project.name}-${Date.now()}@example.com`;
  await signUp(page, email);
  const client = sessionClient(page, '/financial');
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  await page.getByLabel('Annual revenue').fill('1250000');
  await page.getByLabel('Amount requested').fill('80000');
  await expect.poll(() => draftOf(client, applicationId, 'financial'), { timeout: 10_000 }).toMatch(/80,?000/);

  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await second.goto(`${base()}/login`);
    await second.getByLabel('Email').fill(email);
    await second.getByLabel('Password').fill(DOROTHY.password);
    await second.getByRole('button', { name: 'Log in' }).click();
    await expect(second).toHaveURL(/\/financial$/, { timeout: 15_000 });
    await expect(second.getByLabel('Annual revenue')).toHaveValue('$1,250,000');
    await expect(second.getByLabel('Amount requested')).toHaveValue('$80,000');
  } finally {
    await other.close();
  }
});

test('what was typed on /financial comes back after a reload', async ({ page }, info) => {
  const email = `draft-reload-${info.project.name}-${Date.now()}@example.com`;
  await signUp(page, email);
  const client = sessionClient(page, '/financial');
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  await page.getByLabel('Annual revenue').fill('1250000');
  await page.getByLabel('Amount requested').fill('80000');
  // Saved once typing pauses: a reload within that moment loses the last keystrokes.
  await expect.poll(() => draftOf(client, applicationId, 'financial'), { timeout: 10_000 }).toMatch(/80,?000/);
  await page.reload();
  await expect(page.getByLabel('Annual revenue')).toHaveValue('$1,250,000');
  await expect(page.getByLabel('Amount requested')).toHaveValue('$80,000');
});

test('a step saved as typing goes on: the save waits for the draft save on its way, the api drops the draft, and a failed save keeps it', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const email = `draft-saved-${info.project.name}-${Date.now()}@example.com`;
  await signUp(page, email);
  const client = sessionClient(page, '/financial');
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  // Every request, and every draft save's answer, in the order the browser saw them.
  const seen: string[] = [];
  const name = (r: { method(): string; url(): string }) => `${r.method()} ${new URL(r.url()).pathname}`;
  page.on('request', (r) => seen.push(name(r)));
  page.on('requestfinished', (r) => seen.push(`answered ${name(r)}`));
  const draftPut = `PUT /api/draft/${applicationId}/financial`;
  const saves = () => seen.filter((s) => s.startsWith('PATCH /api/business/'));
  // A slow line for the draft saves; the first save of the step fails (the api answers 500).
  await page.route(`**/api/draft/${applicationId}/financial`, async (route) => {
    if (route.request().method() === 'PUT') await holdFor(1500, 'a draft save on a slow line');
    await route.continue();
  });
  await page.route('**/api/business/*', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal server error' } })
      : route.continue(),
  );

  await page.getByLabel('Annual revenue').fill('1250000');
  await page.getByLabel('Amount requested').fill('80000');
  await page.waitForRequest((r) => name(r) === draftPut);
  // Typed on and saved at once: that typing's draft save is held back, the save waits for the one on its way.
  await page.getByLabel('Amount requested').fill('90000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => saves().length, { timeout: 10_000 }).toBe(1);
  expect(seen.indexOf(saves()[0]!)).toBeGreaterThan(seen.indexOf(`answered ${draftPut}`));
  // The save failed: the draft stays, and what was held back goes to it.
  await expect.poll(() => draftOf(client, applicationId, 'financial'), { timeout: 10_000 }).toMatch(/90,?000/);
  await expect(page).toHaveURL(/\/financial$/);

  await page.unroute('**/api/business/*');
  const putsBefore = seen.filter((s) => s === draftPut).length;
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/business$/, { timeout: 15_000 });
  expect(await draftOf(client, applicationId, 'financial')).toBe('{}');
  await holdFor(2500, 'a draft save sent after the step was saved would have landed by now');
  expect(await draftOf(client, applicationId, 'financial')).toBe('{}');
  expect(seen.filter((s) => s === draftPut)).toHaveLength(putsBefore);
  expect(seen.filter((s) => s.startsWith('DELETE /api/draft/'))).toEqual([]);
  await page.goBack();
  await expect(page.getByLabel('Annual revenue')).toHaveValue('$1,250,000');
  await expect(page.getByLabel('Amount requested')).toHaveValue('$90,000');
});

test('Back to business step 2 and /owners, saved again unchanged: no error, and what is on file is kept', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const email = `draft-masks-${info.project.name}-${Date.now()}@example.com`;
  const { client, applicationId } = await toStep(page, email, 2, [ownerAnswers(email)]);
  await page.goto(`${base()}/business`);
  await expect(page.getByLabel('EIN')).toHaveValue('**-***6789');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/owners$/, { timeout: 15_000 });
  await expect(page.getByLabel('SSN')).toHaveValue('*****6789');
  await expect(page.getByLabel('Date of birth')).toHaveValue('****-**-**');
  await page.goBack();
  await expect(page).toHaveURL(/\/business$/);
  await expect(page.getByLabel('EIN')).toHaveValue('**-***6789');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/owners$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Proceed' }).click();
  // On to the signature: the move made the sign request, so the page sends the applicant on to sign at once.
  await expect(page.getByText('Box Sign (local stand-in)')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Invalid EIN / Tax ID')).toHaveCount(0);

  // Kept: the api still answers the masks of the values on file, and the lead carries the values themselves.
  expect((await client.get(`/business/application/${applicationId}`)).body.federalTaxId).toBe('**-***6789');
  const owner = (await client.get(`/owner/application/${applicationId}`)).body.owners[0];
  expect(owner).toMatchObject({ ssn: '*****6789', dateOfBirth: '****-**-**' });
  const want = { federalTaxId: '12-3456789', owner1: { ssn: '123456789', dateOfBirth: '1980-12-10' } };
  await expect.poll(async () => showsChange(await leadOf(email), want), { timeout: 20_000 }).toBe(true);
  expect(await leadOf(email)).toMatchObject(leadFields(want));
});
