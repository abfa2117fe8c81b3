// In skipped time: a worker email (the 24 h reminder) to a mail service that requires
// STARTTLS and a login. A temporary refusal (454 throttling) is retried by the activity and the reminder
// goes out; a permanent one (554, an unverified sender) is not retried and shows to operators in LastError.
// The offer email's permanent refusal shows there too, and the applicant's step goes on.
import { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  APPLICATION_WORKFLOW_TYPE,
  applicationWorkflowId,
  emailOffer,
  getProgress,
  SEARCH_ATTRIBUTE_KINDS,
  SEARCH_ATTRIBUTES,
} from '../src';
import { freePort } from '../../tests/support/free-port';
import { makeCertificates, startSecureSmtp, type Certificates } from '../../tests/support/secure-servers';
import { startSlice } from '../../tests/support/slice';
import { until } from '../../tests/support/until';

const ROOT = join(__dirname, '..', '..');
let env: TestWorkflowEnvironment;
let certs: Certificates;
let smtp: Awaited<ReturnType<typeof startSecureSmtp>>;
let slice: Awaited<ReturnType<typeof startSlice>>;
let client: Client;
let mongo: MongoClient;

beforeAll(async () => {
  env = await TestWorkflowEnvironment.createTimeSkipping({
    server: {
      executable: {
        type: 'existing-path',
        path: process.env.TEMPORAL_TEST_SERVER_PATH ?? join(ROOT, '.tools/py/bin/temporal-test-server'),
      },
      port: await freePort(),
    },
  });
  await env.connection.operatorService.addSearchAttributes({
    namespace: 'default',
    searchAttributes: Object.fromEntries(
      Object.entries(SEARCH_ATTRIBUTES).map(([name, type]) => [
        name,
        temporal.api.enums.v1.IndexedValueType[`INDEXED_VALUE_TYPE_${SEARCH_ATTRIBUTE_KINDS[type]}`],
      ]),
    ),
  });
  certs = makeCertificates();
  smtp = await startSecureSmtp(certs);
  slice = await startSlice({
    temporalAddress: env.address,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_TLS: 'starttls',
      SMTP_USER: smtp.account.user,
      SMTP_PASSWORD: smtp.account.pass,
      SMTP_CA_FILE: certs.caFile,
      MAIL_FROM: 'Fundwise <no-reply@fundwise.example>',
    },
  });
  client = new Client({ connection: env.connection, dataConverter: slice.dataConverter });
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
});

afterAll(async () => {
  await mongo?.close();
  await slice?.close();
  await smtp?.close();
  certs?.remove();
  await env?.teardown();
});

const HOUR = 3_600_000;

/** An applicant with their records and their workflow, waiting on them from now. */
async function applicant(tag: string) {
  const applicationId = new ObjectId();
  const userId = new ObjectId();
  const email = `${tag}-${applicationId.toHexString().slice(-6)}@example.com`;
  const db = mongo.db();
  await db.collection('users').insertOne({ _id: userId, email, userName: email, firstName: 'Grace' });
  await db.collection('applications').insertOne({ _id: applicationId, userId, applicationStatus: 'Created' });
  await db.collection('businesses').insertOne({ _id: applicationId, applicationId, businessName: 'Compilers Inc' });
  const id = applicationId.toHexString();
  const handle = await client.workflow.start(APPLICATION_WORKFLOW_TYPE, {
    workflowId: applicationWorkflowId(id),
    taskQueue: slice.env.TEMPORAL_TASK_QUEUE,
    args: [
      {
        applicationId: id,
        lead: {
          applicationId: id,
          firstName: 'Grace',
          lastName: 'Hopper',
          email,
          phone: '+15550002222',
          company: 'Compilers Inc',
        },
      },
    ],
  });
  await until(
    () => handle.query(getProgress),
    (p) => !!p.sfLeadId,
    { ms: 20_000, what: 'the lead' },
  );
  return { email, handle };
}

it('a 454 is retried by the activity and the reminder goes out over TLS', async () => {
  const { email, handle } = await applicant('throttled');
  const before = smtp.mailCommands();
  smtp.refuseNext({ at: 'MAIL', code: 454, message: 'Throttling failure: Maximum sending rate exceeded.' });
  await env.sleep(25 * HOUR);
  const [mail] = await until(
    () => smtp.to(email),
    (m) => m.length > 0,
    { ms: 20_000, what: 'the reminder after the 454' },
  );
  expect(mail).toMatchObject({ secure: true, user: 'portal' });
  expect(smtp.mailCommands() - before).toBe(2);
  expect((await handle.query(getProgress)).operations).toMatchObject({ remindersSent: 1 });
  expect((await handle.query(getProgress)).operations?.lastError).toBeUndefined();
});

it('a 554 is not retried and shows to operators: LastError REMINDER_FAILED, MAIL_REJECTED', async () => {
  const { email, handle } = await applicant('rejected');
  const before = smtp.mailCommands();
  smtp.refuseNext({ at: 'DATA', code: 554, message: 'Message rejected: Email address is not verified.' });
  await env.sleep(25 * HOUR);
  const operations = await until(
    async () => (await handle.query(getProgress)).operations,
    (o) => o?.lastError !== undefined,
    { ms: 20_000, what: 'LastError' },
  );
  expect(operations?.lastError).toMatchObject({ code: 'REMINDER_FAILED', detail: 'MAIL_REJECTED' });
  expect(smtp.mailCommands() - before).toBe(1);
  expect(smtp.to(email)).toHaveLength(0);
});

it('a 554 of the offer email does not fail the applicant: LastError OFFER_EMAIL_FAILED, MAIL_REJECTED', async () => {
  const { email, handle } = await applicant('offer');
  const _id = new ObjectId(handle.workflowId.replace(/^application-/, ''));
  await mongo
    .db()
    .collection('offers')
    .insertOne({
      _id,
      offerOptions: [
        { id: 'opt-1', isSelected: 'true', offeredAmount: '25000', monthlyTerm: '12', totalPayment: '30000' },
      ],
    });
  const before = smtp.mailCommands();
  smtp.refuseNext({ at: 'DATA', code: 554, message: 'Message rejected: Email address is not verified.' });
  // The applicant's step (the update) succeeds although the mail service refused the email for good.
  await handle.executeUpdate(emailOffer);
  const operations = (await handle.query(getProgress)).operations;
  expect(operations?.lastError).toMatchObject({ code: 'OFFER_EMAIL_FAILED', detail: 'MAIL_REJECTED' });
  expect(smtp.mailCommands() - before).toBe(1);
  expect(smtp.to(email)).toHaveLength(0);
  const attributes = (await handle.describe()).searchAttributes;
  expect(attributes.LastError).toEqual(['OFFER_EMAIL_FAILED:MAIL_REJECTED']);
});
