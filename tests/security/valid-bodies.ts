// Valid bodies of the application saves, as the web forms send them: each attack changes one field of
// these, so the changed field is the only thing wrong with the request.
import { createHmac } from 'node:crypto';
import { API_SETTINGS } from '../../libs/src/config/settings';
import { DETAILS_ANSWERS, FINANCIAL_ANSWERS, QUESTION_ANSWERS, ownerAnswers } from '../support/journey';

export const FINANCIAL = FINANCIAL_ANSWERS;
export const QUESTION = { ...QUESTION_ANSWERS, businessStartDate: '2015-06-01' };
export const DETAILS = { ...DETAILS_ANSWERS, businessName: 'Hostile Engines LLC' };
export const OWNER = ownerAnswers('ada@example.com', {
  lastName: 'Lovelace',
  ownershipPercent: '100',
  creditReport: '720',
});

/** A Box webhook signed with the api's configured primary key (the stack runs with the defaults). */
export function signedWebhook(body: string): Record<string, string> {
  const key = process.env.BOX_WEBHOOK_PRIMARY_KEY ?? API_SETTINGS.BOX_WEBHOOK_PRIMARY_KEY.default ?? '';
  const ts = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    'content-type': 'application/json',
    'box-delivery-timestamp': ts,
    'box-signature-version': '1',
    'box-signature-algorithm': 'HmacSHA256',
    'box-signature-primary': createHmac('sha256', key).update(body).update(ts).digest('base64'),
    'box-signature-secondary': 'x',
  };
}
