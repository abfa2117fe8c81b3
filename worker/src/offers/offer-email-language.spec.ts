// The offer email goes out in the language the account keeps: a US owner who applied in Spanish gets it in
// Spanish, amounts the US Spanish way. Real MongoDB-wire database and maildev; the activity as the worker runs it.
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { mailsArrived, mailsTo } from '../../../tests/support/maildev';
import { createOfferActivities } from './offers.activities';
import { recordsOf } from '../records/records';

let mongo: MongoClient;
let activities: ReturnType<typeof createOfferActivities>;

beforeAll(async () => {
  mongo = await MongoClient.connect(`${inject('mongoBaseUri')}/portal-offer-language-${Date.now()}`);
  activities = createOfferActivities({
    db: mongo.db(),
    crm: () => Promise.reject(new Error('unused')),
    settings: {
      OFFER_SERVICE_URL: 'http://127.0.0.1:9',
      OFFER_SERVICE_CLIENT_ID: 'x',
      OFFER_SERVICE_CLIENT_SECRET: 'x',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: inject('smtpPort'),
      MAIL_FROM: 'offers@example.com',
      PUBLIC_URL: 'http://localhost',
    },
  });
});
afterAll(() => mongo?.close());

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
  const records = recordsOf(mongo.db());
  await records.users.insertOne({ _id: userId, email: to, firstName: 'Ana', ...(language ? { language } : {}) });
  await records.applications.insertOne({ _id, userId });
  await records.businesses.insertOne({ _id, businessName: 'Taquería López LLC' });
  await records.offers.insertOne({ _id, offerOptions: [option] });
  return _id.toHexString();
}

it('a US Spanish account gets its offer email in Spanish, amounts and link the es-US way', async () => {
  const to = `offer-es-${Date.now()}@example.com`;
  await activities.sendOfferEmail({ applicationId: await application(to, 'es-US') });
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
    await activities.sendOfferEmail({ applicationId: await application(to, language) });
    expect(await mailsArrived(inject('maildevUrl'), to)).toBe(1);
    const [mail] = await mailsTo(inject('maildevUrl'), to);
    expect(mail!.subject).toBe('Your selected offer for Taquería López LLC');
    expect(mail!.text).toContain('- Funding amount: $180,000.00');
  }
});
