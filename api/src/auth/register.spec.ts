import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationWorkflowId, getProgress } from '@portal/workflows';
import { ApiClient, codeFromMail } from '../../../tests/support/api-client';
import { startSlice } from '../../../tests/support/slice';
import { allOfApplication } from '../../../tests/support/crm-lead';
import { APPLICATION_ID_FIELD } from '@portal/libs';
import { eventually } from '../../../tests/support/until';
import { mailsTo } from '../../../tests/support/maildev';

type Slice = Awaited<ReturnType<typeof startSlice>>;
let slice: Slice;
let mongo: MongoClient;
let db: Db;
let temporal: Client;

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  businessName: 'Analytical Engines LLC',
  phone: '+15145550100',
  email: 'Ada@Example.com',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
};

/** Each sign-up from its own address, so the per-IP sign-up limit is not what these tests meet. */
let ip = 0;
const post = async (body: unknown) => {
  const { status, body: json } = await new ApiClient(slice.baseUrl, `10.0.0.${++ip}`).post('/auth/register', body);
  return { status, json: () => Promise.resolve(json) };
};

/** Confirms a sign-up with the code mailed since `since`. */
async function confirmSignUp(email: string, since: Date) {
  const code = await codeFromMail(slice.maildevUrl, email, since);
  const ok = await new ApiClient(slice.baseUrl, `10.0.0.${++ip}`).post('/auth/confirm-signup', {
    username: email,
    password: valid.password,
    code,
  });
  expect(ok.status).toBe(200);
}

beforeAll(async () => {
  slice = await startSlice();
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  db = mongo.db();
  temporal = new Client({
    connection: await Connection.connect({ address: slice.env.TEMPORAL_ADDRESS }),
    dataConverter: slice.dataConverter,
  });
});

afterAll(async () => {
  await temporal?.connection.close();
  await mongo?.close();
  await slice?.close();
});

describe('POST /api/auth/register: a new applicant', () => {
  it('creates the records and nothing outside; the emailed code starts the workflow and the CRM lead', async () => {
    const since = new Date();
    const res = await post(valid);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      destination: 'a***@e***.com',
      deliveryMedium: 'EMAIL',
      userName: 'ada@example.com',
    });

    const user = await db.collection('users').findOne({ userName: 'ada@example.com' });
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phone: '+15145550100', bankVerified: false });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(user)).not.toContain(valid.password);

    const application = await db.collection('applications').findOne({ userId: user!._id });
    expect(application).toMatchObject({ applicationStatus: 'Created', topUp: 0 });
    const applicationId = application!._id;
    expect(await db.collection('businesses').findOne({ applicationId })).toMatchObject({
      businessName: 'Analytical Engines LLC',
      businessEmail: 'ada@example.com',
    });
    expect(await db.collection('ownersets').findOne({ applicationId })).toMatchObject({ owners: [] });
    expect(await db.collection('offers').findOne({ applicationId })).toMatchObject({ offerOptions: [] });
    expect(await db.collection('stages').findOne({ applicationId })).toMatchObject({
      pageName: 'FINANCIAL',
      pageStep: 1,
      path: '/financial',
      isPdfSent: false,
    });

    // An address nobody confirmed reaches nobody: no workflow (so no reminders either), no lead.
    const handle = temporal.workflow.getHandle(applicationWorkflowId(applicationId.toHexString()));
    await expect(handle.describe()).rejects.toThrow(WorkflowNotFoundError);
    expect(slice.crm.records('Lead')).toHaveLength(0);

    await confirmSignUp('ada@example.com', since);
    expect((await handle.describe()).status.name).toBe('RUNNING');
    const leadId = await eventually(
      async () => (await db.collection('applications').findOne({ _id: applicationId }))?.sfLeadId as string | undefined,
    );
    const leads = slice.crm.records('Lead');
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      Id: leadId,
      FirstName: 'Ada',
      LastName: 'Lovelace',
      Email: 'ada@example.com',
      MobilePhone: '+15145550100',
      Company: 'Analytical Engines LLC',
      [APPLICATION_ID_FIELD]: applicationId.toHexString(),
    });
    const progress = await handle.query(getProgress);
    expect(progress).toMatchObject({ sfLeadId: leadId, position: { pageName: 'FINANCIAL', path: '/financial' } });
    expect((await db.collection('applications').findOne({ _id: applicationId }))?.sfLeadOwnerId).toMatch(/^005/);
  });
});

describe('POST /api/auth/register: a taken email, and the form refused', () => {
  it('a second sign-up with a taken email answers as a new one would, and tells the address’s owner instead', async () => {
    // (a 409 told anyone which addresses have accounts. The same person with the same
    // password may still finish an interrupted sign-up.)
    const users = await db.collection('users').countDocuments();
    const res = await post({
      ...valid,
      email: 'ADA@example.com',
      password: 'another-pass-1',
      confirmPassword: 'another-pass-1',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      destination: 'a***@e***.com',
      deliveryMedium: 'EMAIL',
      userName: 'ada@example.com',
    });
    expect(await db.collection('users').countDocuments()).toBe(users);
    const notice = await eventually(async () =>
      (await mailsTo(slice.maildevUrl, 'ada@example.com')).find(
        (m) => m.subject === 'You already have a Fundwise account',
      ),
    );
    expect(notice.text).not.toMatch(/\d{6}/);
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'This field is required'],
    [{ lastName: '   ' }, 'lastName', 'Input cannot be only whitespace'],
    // The CRM lead's lengths: a 200-character name is refused here, not by Salesforce later.
    [{ businessName: 'x'.repeat(256) }, 'businessName', 'Business name must be 255 characters or less'],
    [{ firstName: 'x'.repeat(200) }, 'firstName', 'First name must be 40 characters or less'],
    [{ lastName: 'x'.repeat(200) }, 'lastName', 'Last name must be 80 characters or less'],
    [{ phone: '' }, 'phone', 'Phone number is required'],
    [{ phone: '514555010' }, 'phone', 'Invalid phone number format'],
    [{ phone: '(555) 123-4567' }, 'phone', 'Invalid phone number format'],
    [
      { phone: '+44 20 7946 0958' },
      'phone',
      'Please enter a US or Canadian phone number, like (514) 555-0100. Numbers from other countries are not accepted.',
    ],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'ada@example.xyz' }, 'email', 'Please enter a valid email address'],
    [{ confirmPassword: 'something else' }, 'confirmPassword', 'Passwords do not match'],
    [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters'],
  ])('refuses %o with the form message', async (change, field, message) => {
    const res = await post({ ...valid, email: 'other@example.com', ...change });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.data.fields[field]).toBe(message);
  });
});

describe('POST /api/auth/register: the phone in any form', () => {
  it('stores 1-514-555-0100 as +15145550100', async () => {
    const res = await post({ ...valid, email: 'phone-forms@example.com', phone: '1-514-555-0100' });
    expect(res.status).toBe(201);
    const user = await db.collection('users').findOne({ userName: 'phone-forms@example.com' });
    expect(user?.phone).toBe('+15145550100');
  });
});

describe('POST /api/auth/register while the CRM is down', () => {
  it('keeps the applicant data when the CRM is down, and the lead lands once it is back', async () => {
    await fetch(`${slice.crm.url}/__admin/down`, { method: 'POST' });
    const since = new Date();
    const res = await post({ ...valid, email: 'grace@example.com' });
    expect(res.status).toBe(201);
    await confirmSignUp('grace@example.com', since);
    const user = await db.collection('users').findOne({ userName: 'grace@example.com' });
    const application = await db.collection('applications').findOne({ userId: user!._id });
    expect(application?.sfLeadId).toBeUndefined();
    await fetch(`${slice.crm.url}/__admin/up`, { method: 'POST' });
    const leadId = await eventually(
      async () =>
        (await db.collection('applications').findOne({ _id: application!._id }))?.sfLeadId as string | undefined,
      30_000,
    );
    expect(slice.crm.records('Lead').filter((l) => l.Id === leadId)).toHaveLength(1);
  });
});

describe('POST /api/auth/register: a sign-up whose api stopped half-way, its applicant then signing in instead of pressing again', () => {
  const registeredAt = new Map<string, Date>();
  /** Registers, then leaves what an api that died after the business was saved leaves: no rest (no workflow yet). */
  async function interrupted(email: string) {
    registeredAt.set(email, new Date());
    expect((await post({ ...valid, email })).status).toBe(201);
    const user = await db.collection('users').findOne({ userName: email });
    const applicationId = user!.applicationId as import('mongodb').ObjectId;
    await expect(
      temporal.workflow.getHandle(applicationWorkflowId(applicationId.toHexString())).describe(),
    ).rejects.toThrow(WorkflowNotFoundError);
    for (const c of ['ownersets', 'offers', 'stages']) await db.collection(c).deleteMany({ applicationId });
    // Nor the note that sign-up finished (written last).
    await db.collection('users').updateOne({ _id: user!._id }, { $unset: { signUpFinished: '' } });
    return applicationId;
  }
  /**
   * The code is the one mailed at registration: a resend within 30 seconds is refused, so no newer one
   * comes (looking only for mail after this call missed it whenever the set-up took over a second).
   */
  async function confirm(email: string) {
    const b = new ApiClient(slice.baseUrl, `10.0.0.${++ip}`);
    const since = registeredAt.get(email)!;
    expect((await b.post('/auth/login', { username: email, password: valid.password })).body.data.message).toBe(
      'User is not confirmed.',
    );
    await b.post('/auth/send-confirmation-code', { username: email });
    const code = await codeFromMail(slice.maildevUrl, email, since);
    return b.post('/auth/confirm-signup', { username: email, password: valid.password, code });
  }

  it('is finished at the confirmation: records, a running workflow, one lead', async () => {
    const applicationId = await interrupted('linus@example.com');
    expect((await confirm('linus@example.com')).status).toBe(200);
    for (const c of ['ownersets', 'offers', 'stages'])
      expect(await db.collection(c).findOne({ applicationId }), c).toBeTruthy();
    const handle = temporal.workflow.getHandle(applicationWorkflowId(applicationId.toHexString()));
    expect((await handle.describe()).status.name).toBe('RUNNING');
    await eventually(async () => (await handle.query(getProgress)).sfLeadId || undefined);
    expect(allOfApplication(slice.crm.records('Lead'), applicationId.toHexString())).toHaveLength(1);
  });

  it('without its business name it cannot be finished: the confirmation says so and the account stays open to sign-up', async () => {
    const applicationId = await interrupted('margaret@example.com');
    await db.collection('businesses').deleteMany({ applicationId });
    const res = await confirm('margaret@example.com');
    expect(res.status).toBe(409);
    expect(res.body.data.message).toBe('Something went wrong');
    expect((await db.collection('users').findOne({ userName: 'margaret@example.com' }))?.confirmed).toBeFalsy();
    expect((await post({ ...valid, email: 'margaret@example.com' })).status).toBe(201);
    expect(await db.collection('businesses').findOne({ applicationId })).toMatchObject({
      businessName: 'Analytical Engines LLC',
    });
  });
});
