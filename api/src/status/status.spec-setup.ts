// What status.spec.ts's tests share: reading links out of the co-owner's email, anonymous calls from their own
// address, a signer's decision on the e-sign stand-in, and an application brought to its signature with a
// co-owner invited.
import { expect } from 'vitest';
import type { ApiClient } from '../../../tests/support/api-client';
import { ownerAnswers, saveAnswers, stepOn } from '../../../tests/support/journey';
import { mailsTo, type Mail } from '../../../tests/support/maildev';
import { until } from '../../../tests/support/until';

export const tokenIn = (text: string) => text.match(/\/status\/shared\/([\w-]+\.[\w-]+)/)?.[1];
export const signTokenIn = (text: string) => text.match(/\/co-owner\/sign\/([\w-]+\.[\w-]+)/)?.[1];
/** An anonymous call from its own address (the public endpoints' per-address limit stays out of the way). */
export const from = (n: number) => ({ headers: { 'x-forwarded-for': `10.16.4.${n}` } });

/** A signer's decision on the e-sign stand-in's page, as the browser posts it; answers where Box redirects. */
export async function decide(embedUrl: string) {
  const res = await fetch(embedUrl, {
    method: 'POST',
    body: 'decision=signed',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

/** The applicant, who owns 60% and signs in the portal, and the co-owner (40%), invited by email to sign. */
export type TwoOwners = {
  applicant: { email: string; firstName: string };
  coOwner: { email: string; firstName: string; ssn: string; phoneNumber: string };
};

/**
 * Answers `app`'s steps with two owners, steps on to the signature and starts signing there: answers the
 * first email the co-owner gets (their status and signing links).
 */
export async function coOwnerInvited(maildevUrl: string, client: ApiClient, app: string, owners: TwoOwners) {
  const { applicant, coOwner } = owners;
  await saveAnswers(client, app, [
    ownerAnswers(applicant.email, { firstName: applicant.firstName, ownershipPercent: 60 }),
    ownerAnswers(coOwner.email, {
      firstName: coOwner.firstName,
      ownershipPercent: 40,
      ssn: coOwner.ssn,
      phoneNumber: coOwner.phoneNumber,
    }),
  ]);
  for (let i = 0; i < 4; i++) expect((await stepOn(client, app)).status).toBe(200);
  expect((await client.post('/box/sign', { applicationId: app })).status).toBe(200);
  const [mail] = await until(
    () => mailsTo(maildevUrl, coOwner.email),
    (m) => m.length > 0,
  );
  return mail as Mail;
}
