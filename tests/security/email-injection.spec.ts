// Email content injection: a first name such as the one below went verbatim into the
// code email, which goes to any address typed at sign-up, under our name. The mails are read back from
// maildev as they were sent.
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { applicantFor } from '../support/api-client';
import { holdFor } from '../support/until';
import { HostileClient, endOfFileChecks, maildevUrl, mongoUri } from './support';

endOfFileChecks(__filename);

const ATTACK = 'there. Your account is locked, call +1-555-0100 or visit https://evil.example';
/** Anything of the attacker's words: the link, the phone number, the story. */
const INJECTED = /evil|https?:\/\/(?!127\.0\.0\.1|localhost)|555-0100|locked|call \+1/i;

type Mail = { subject: string; to: { address: string }[]; text: string; html: string; time: string };

async function mailTo(address: string, subject: string, since: Date): Promise<Mail> {
  for (const end = Date.now() + 15_000; ; await holdFor(250, 'the poll cadence')) {
    const mails = (await (await fetch(`${maildevUrl()}/api/email`)).json()) as Mail[];
    const mine = mails.filter(
      (m) =>
        m.to.some((t) => t.address.toLowerCase() === address) &&
        m.subject.includes(subject) &&
        new Date(m.time).getTime() >= since.getTime() - 1000,
    );
    if (mine.length) return mine.at(-1)!;
    if (Date.now() > end) throw new Error(`no '${subject}' mail to ${address}`);
  }
}

function expectNoInjection(mail: Mail) {
  for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(INJECTED);
  expect(mail.text).toMatch(/^Hello,/);
  expect(mail.html).toContain('Hello,');
}

const mongo = new MongoClient(mongoUri());
afterAll(() => mongo.close());

describe('email content injection', () => {
  it('a sign-up with an injected first name mails a code email without it', async () => {
    const tag = 'sec-inject-signup';
    const since = new Date();
    const reg = await new HostileClient().post('/auth/register', { ...applicantFor(tag), firstName: ATTACK });
    // The sign-up rules may refuse such a name outright; if they take it, the email must not carry it.
    if (reg.status === 400) return;
    expect(reg.status).toBe(201);
    expectNoInjection(await mailTo(`${tag}@example.com`, 'confirmation code', since));
  });

  it('a first name already on file is kept out of the password reset email too', async () => {
    const tag = 'sec-inject-reset';
    const client = new HostileClient();
    expect((await client.post('/auth/register', applicantFor(tag))).status).toBe(201);
    // As a record saved before any sign-up rule, or by another path, would hold it.
    const email = `${tag}@example.com`;
    const set = await mongo
      .db()
      .collection('users')
      .updateOne({ userName: email }, { $set: { firstName: ATTACK } });
    expect(set.matchedCount).toBe(1);
    const since = new Date();
    expect((await client.post('/auth/forgot-password', { username: email })).status).toBe(200);
    expectNoInjection(await mailTo(email, 'password reset code', since));
  });
});
