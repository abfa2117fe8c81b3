// In skipped time: a worker email (the 24 h reminder) to a mail service that requires
// STARTTLS and a login. A temporary refusal (454 throttling) is retried by the activity and the reminder
// goes out; a permanent one (554, an unverified sender) is not retried and shows to operators in LastError.
// The offer email's permanent refusal shows there too, and the applicant's step goes on.
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailOffer, getProgress } from '../src';
import {
  makeCertificates,
  secureSmtpEnv,
  startSecureSmtp,
  type Certificates,
} from '../../tests/support/secure-servers';
import { until } from '../../tests/support/until';
import { seedApplicant, startSkippedTime, type SkippedTime } from './skipped-time';

let t: SkippedTime;
let env: SkippedTime['env'];
let certs: Certificates;
let smtp: Awaited<ReturnType<typeof startSecureSmtp>>;

beforeAll(async () => {
  certs = makeCertificates();
  smtp = await startSecureSmtp(certs);
  t = await startSkippedTime(secureSmtpEnv(smtp, certs));
  env = t.env;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  certs?.remove();
});

const HOUR = 3_600_000;

const applicant = (tag: string) => seedApplicant(t, tag);

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
  await t.mongo
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
