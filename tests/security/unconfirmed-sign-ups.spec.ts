// Sign-ups nobody confirmed reach nobody: no CRM lead, no application workflow (so no reminder emails
// either: its timers are the reminders). The emailed code starts them, with the affiliate id sent at
// sign-up. A stranger typing someone's address into the form gives the sales team nothing to call.
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applicationWorkflowId } from '@portal/workflows';
import { TEST_PASSWORD, applicantFor, codeFromMail } from '../support/api-client';
import { HostileClient, endOfFileChecks, maildevUrl, mongoUri } from './support';

endOfFileChecks(__filename);

let temporal: Client;
let mongo: MongoClient;
beforeAll(async () => {
  temporal = new Client({
    connection: await Connection.connect({ address: `127.0.0.1:${inject('securityPorts').TEMPORAL_PORT}` }),
  });
  mongo = await MongoClient.connect(mongoUri());
});
afterAll(async () => {
  await temporal?.connection.close();
  await mongo?.close();
});

const leadsFor = async (email: string) =>
  ((await (await fetch(`${inject('securityCrmUrl')}/__admin/sobjects/Lead`)).json()) as { Email?: string }[]).filter(
    (l) => l.Email === email,
  );
const workflowOf = async (applicationId: string) => {
  try {
    return (await temporal.workflow.getHandle(applicationWorkflowId(applicationId)).describe()).status.name;
  } catch (e) {
    if (e instanceof WorkflowNotFoundError) return 'none';
    throw e;
  }
};

describe('an unconfirmed sign-up', () => {
  it('makes no lead and no workflow; the emailed code starts both', async () => {
    const tag = `unconfirmed-${Date.now()}`;
    const email = `${tag}@example.com`;
    const client = new HostileClient();
    const since = new Date();
    expect((await client.post('/auth/register', applicantFor(tag))).status).toBe(201);
    const user = await mongo.db().collection('users').findOne({ userName: email });
    const applicationId = String(user?.applicationId);
    expect(await mongo.db().collection('businesses').findOne({ _id: user?.applicationId })).toBeTruthy();

    // No workflow: nothing will create a lead or send a reminder, however long one waits.
    expect(await workflowOf(applicationId)).toBe('none');
    expect(await leadsFor(email)).toEqual([]);
    // A repeated sign-up (the same person, pressing again) starts nothing either.
    expect((await client.post('/auth/register', applicantFor(tag))).status).toBe(201);
    expect(await workflowOf(applicationId)).toBe('none');

    const code = await codeFromMail(maildevUrl(), email, since);
    const confirmed = await client.post('/auth/confirm-signup', { username: email, password: TEST_PASSWORD, code });
    expect(confirmed.status).toBe(200);
    expect(await workflowOf(applicationId)).toBe('RUNNING');
    await expect.poll(async () => (await leadsFor(email)).length, { timeout: 20_000 }).toBe(1);
  });

  it('expires: after 30 days the address is free for a new sign-up, and the old code confirms nothing', async () => {
    const tag = `expired-${Date.now()}`;
    const email = `${tag}@example.com`;
    const squatter = new HostileClient();
    const since = new Date();
    const mine = { ...applicantFor(tag), firstName: 'Squatter', businessName: 'Not Theirs LLC' };
    expect((await squatter.post('/auth/register', mine)).status).toBe(201);
    const code = await codeFromMail(maildevUrl(), email, since);
    const users = mongo.db().collection('users');
    const old = await users.findOne({ userName: email });
    await users.updateOne({ _id: old!._id }, { $set: { createdAt: new Date(Date.now() - 31 * 24 * 3600_000) } });

    // Confirming it now is too late, and removes it.
    const late = await squatter.post('/auth/confirm-signup', { username: email, password: TEST_PASSWORD, code });
    expect(late.status).toBe(409);
    expect(await users.findOne({ userName: email })).toBeNull();
    expect(await mongo.db().collection('businesses').findOne({ _id: old!.applicationId })).toBeNull();

    // The address's owner signs up with it as anyone would, with their own password and business.
    const owner = { ...applicantFor(tag), password: 'Owner-Quill-77', confirmPassword: 'Owner-Quill-77' };
    expect((await new HostileClient().post('/auth/register', owner)).status).toBe(201);
    const fresh = await users.findOne({ userName: email });
    expect(fresh?.firstName).toBe('Katherine');
    expect(String(fresh?._id)).not.toBe(String(old!._id));
  });

  it('expired, it gives way to a new sign-up at once', async () => {
    const tag = `expired-taken-${Date.now()}`;
    const email = `${tag}@example.com`;
    expect((await new HostileClient().post('/auth/register', applicantFor(tag))).status).toBe(201);
    const users = mongo.db().collection('users');
    const old = await users.findOne({ userName: email });
    await users.updateOne({ _id: old!._id }, { $set: { createdAt: new Date(Date.now() - 31 * 24 * 3600_000) } });
    const owner = {
      ...applicantFor(tag),
      businessName: 'Owner Co',
      password: 'Owner-Quill-77',
      confirmPassword: 'Owner-Quill-77',
    };
    expect((await new HostileClient().post('/auth/register', owner)).status).toBe(201);
    const fresh = await users.findOne({ userName: email });
    expect(String(fresh?._id)).not.toBe(String(old!._id));
    expect(await mongo.db().collection('businesses').findOne({ _id: old!.applicationId })).toBeNull();
    expect(await mongo.db().collection('businesses').findOne({ _id: fresh?.applicationId })).toMatchObject({
      businessName: 'Owner Co',
    });
  });
});
