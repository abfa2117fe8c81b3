// Sign-up tells nobody which addresses have accounts (the address's owner is emailed instead).
import { describe, expect, it } from 'vitest';
import { applicantFor } from '../support/api-client';
import { mailsTo } from '../support/maildev';
import { eventually } from '../support/until';
import { HostileClient, endOfFileChecks, maildevUrl, signedInApplicant } from './support';

endOfFileChecks(__filename);

describe('account enumeration', () => {
  it('a sign-up with a confirmed account’s email answers exactly as one with a new email', async () => {
    await signedInApplicant('sec-enum-taken');
    const taken = await new HostileClient().post('/auth/register', applicantFor('sec-enum-taken'));
    const fresh = await new HostileClient().post('/auth/register', applicantFor('sec-enum-fresh'));
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(taken.body).toEqual({
      ...fresh.body,
      destination: taken.body.destination,
      userName: 'sec-enum-taken@example.com',
    });
    const notice = await eventually(async () =>
      (await mailsTo(maildevUrl(), 'sec-enum-taken@example.com')).find((m) => /already have/.test(m.subject)),
    );
    expect(notice.subject).toBe('You already have a Fundwise account');
  });
});
