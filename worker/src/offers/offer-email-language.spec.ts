// The offer email goes out in the language the account keeps: a US owner who applied in Spanish gets it in
// Spanish, amounts the US Spanish way. Real MongoDB-wire database and maildev; the activity as the worker runs it.
import { ObjectId } from 'mongodb';
import { expect, inject, it } from 'vitest';
import { mailsArrived, mailsTo } from '../../../tests/support/maildev';
import { useOfferEmailActivities } from './offer-email.spec-setup';
import { recordsOf } from '../records/records';

const ctx = useOfferEmailActivities('portal-offer-language');

const option = {
  id: 'std-12',
  isSelected: 'true',
  offeredAmount: '180000.00',
  monthlyTerm: '12',
  totalPayment: '219600.00',
  noOfdailyPayments: '252',
  dailyPayment: '871.43',
  noOfweeklyPayments: '52',
  weeklyPayment: '4223.08',
};

/** An application with a selected offer, its account keeping `language`. */
async function application(to: string, language: string | undefined) {
  const _id = new ObjectId();
  const userId = new ObjectId();
  const records = recordsOf(ctx.mongo.db());
  await records.users.insertOne({ _id: userId, email: to, firstName: 'Ana', ...(language ? { language } : {}) });
  await records.applications.insertOne({ _id, userId });
  await records.businesses.insertOne({ _id, businessName: 'Taquería López LLC' });
  await records.offers.insertOne({ _id, offerOptions: [option] });
  return _id.toHexString();
}

it('a US Spanish account gets its offer email in Spanish, amounts and link the es-US way', async () => {
  const to = `offer-es-${Date.now()}@example.com`;
  await ctx.activities.sendOfferEmail({ applicationId: await application(to, 'es-US') });
  expect(await mailsArrived(inject('maildevUrl'), to)).toBe(1);
  const [mail] = await mailsTo(inject('maildevUrl'), to);
  expect(mail!.subject).toBe('Su oferta elegida para Taquería López LLC');
  expect(mail!.text).toContain('Hola, Ana:');
  expect(mail!.text).toContain('- Monto del financiamiento: $180,000.00');
  expect(mail!.text).toContain('- Reembolso total: $219,600.00');
  expect(mail!.text).toContain('- Plazo: 12 meses');
  expect(mail!.text).toContain('Su solicitud: http://localhost/offers?lng=es-US');
  expect(mail!.html).toContain('<html lang="es-US">');
  expect(mail!.text).not.toMatch(/\b(Hi|Thanks|Funding amount|Total payback|Your application)\b/);
});

it('an account that keeps no language, or one the portal does not speak, gets it in English', async () => {
  for (const language of [undefined, 'es']) {
    const to = `offer-en-${language ?? 'none'}-${Date.now()}@example.com`;
    await ctx.activities.sendOfferEmail({ applicationId: await application(to, language) });
    expect(await mailsArrived(inject('maildevUrl'), to)).toBe(1);
    const [mail] = await mailsTo(inject('maildevUrl'), to);
    expect(mail!.subject).toBe('Your selected offer for Taquería López LLC');
    expect(mail!.text).toContain('- Funding amount: $180,000.00');
  }
});
