// A worker killed while the SMTP server had the offer email (all of it but the last byte
// of its final dot, which goes out right after the attempt is recorded) sent it twice, its retry not
// knowing. Real MongoDB-wire database and maildev; the activity as the worker runs it.
import { ObjectId } from 'mongodb';
import { expect, inject, it } from 'vitest';
import { mailCount, mailsArrived } from '../../../tests/support/maildev';
import { holdFor } from '../../../tests/support/until';
import { useOfferEmailActivities } from './offer-email.spec-setup';
import { recordsOf } from '../records/records';

const ctx = useOfferEmailActivities('portal-offer-email');

const option = { id: 'opt-1', isSelected: 'true', offeredAmount: '25000', monthlyTerm: '12', totalPayment: '30000' };

/** An application with a selected offer; `goingOut` names the option of a record left by an attempt. */
async function application(to: string, goingOut?: string) {
  const _id = new ObjectId();
  const userId = new ObjectId();
  const db = ctx.mongo.db();
  await recordsOf(db).users.insertOne({ _id: userId, email: to, firstName: 'Ada' });
  await recordsOf(db).applications.insertOne({ _id, userId });
  await recordsOf(db).businesses.insertOne({ _id, businessName: 'Analytical Engines LLC' });
  await recordsOf(db).offers.insertOne({ _id, offerOptions: [option] });
  if (goingOut)
    await recordsOf(db).offerEmails.insertOne({
      _id: `${_id.toHexString()}:${goingOut}`,
      attempt: 'dead',
      at: new Date(),
    });
  return _id.toHexString();
}

const count = (to: string) => mailCount(inject('maildevUrl'), to);
/** How many emails reached `to`, once the first has (the activity sent them all before it answered). */
const received = (to: string) => mailsArrived(inject('maildevUrl'), to);
/** How many emails reached `to` after a window long enough for a sent one to show: for 'none was sent'. */
const receivedNone = async (to: string) => {
  await holdFor(400, 'an email sent would show in maildev within this window');
  return count(to);
};
const offerRecord = (id: string) => recordsOf(ctx.mongo.db()).offers.findOne({ _id: new ObjectId(id) });

it('sends one email and records it; a retry after that sends nothing', async () => {
  const to = `offer-once-${Date.now()}@example.com`;
  const applicationId = await application(to);
  await ctx.activities.sendOfferEmail({ applicationId });
  await ctx.activities.sendOfferEmail({ applicationId });
  expect(await received(to)).toBe(1);
  expect((await offerRecord(applicationId))?.emailedOption).toBe('opt-1');
});

it('an attempt that died after its message went out (its record left): the retry counts it sent, sends nothing', async () => {
  const to = `offer-died-${Date.now()}@example.com`;
  const applicationId = await application(to, 'opt-1');
  await ctx.activities.sendOfferEmail({ applicationId });
  expect(await receivedNone(to)).toBe(0);
  expect((await offerRecord(applicationId))?.emailedOption).toBe('opt-1');
});

it('a record of another offer (the applicant chose again) does not stop this one', async () => {
  const to = `offer-other-${Date.now()}@example.com`;
  const applicationId = await application(to, 'opt-0');
  await ctx.activities.sendOfferEmail({ applicationId });
  expect(await received(to)).toBe(1);
});

it('two attempts at once (an old one past its timeout and its retry): one email; the other attempt fails', async () => {
  const to = `offer-race-${Date.now()}@example.com`;
  const applicationId = await application(to);
  const outcomes = await Promise.allSettled([
    ctx.activities.sendOfferEmail({ applicationId }),
    ctx.activities.sendOfferEmail({ applicationId }),
  ]);
  expect(await received(to)).toBe(1);
  expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
  // The loser cleared nothing of the winner's: a later retry still sends nothing.
  await ctx.activities.sendOfferEmail({ applicationId });
  expect(await received(to)).toBe(1);
});
