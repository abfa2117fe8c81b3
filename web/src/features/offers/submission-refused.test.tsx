/**
 * The final submission refused for now (the CRM down, the lead's conversion still owed): the page says so in
 * the applicant's language and brings the message into view with focus (Submit sits far below it on a phone);
 * the next press goes through.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { JOURNEY_CODES, messageText } from '@portal/libs';
import { loadLanguage } from '../../i18n/i18n';
import { fakeApi, Refusal } from '../../lib/fake-api.test-support';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import type { OfferView } from './offers-api';
import { OffersPage } from './offers-page';

const offer: OfferView = { _id: 'o-1', applicationId: 'app-1', offerOptions: [] };
const unavailable = new Refusal(503, {
  statusCode: 503,
  message: messageText(JOURNEY_CODES.STATEMENTS_UNAVAILABLE),
  data: {
    message: messageText(JOURNEY_CODES.STATEMENTS_UNAVAILABLE),
    messageCode: JOURNEY_CODES.STATEMENTS_UNAVAILABLE,
    code: 'STATEMENTS_UNAVAILABLE',
  },
});
let refusals = 1;
const net = fakeApi(() => ({
  'POST /offer': () => offer,
  'GET /draft/app-1/offer': () => ({ fields: {} }),
  'GET /file/application/app-1': () => [],
  'POST /application/app-1/submit-application': () =>
    refusals-- > 0
      ? unavailable
      : {
          repName: '',
          schedulingLink: '',
          stage: { applicationId: 'app-1', pageName: 'DOCUMENTS', pageStep: 3, path: '/offers' },
        },
}));

it('in French: says to try again in a few minutes, with focus on it; the next press submits', async () => {
  await act(() => loadLanguage('fr-CA'));
  renderJourneyPage(<OffersPage />, applicantAt({ pageName: 'DOCUMENTS', pageStep: 3, path: '/offers' }), null);
  await screen.findByRole('button', { name: 'Soumettre la demande' });
  for (const box of ['Je ne l’ai pas (Chèque annulé)', 'Je ne l’ai pas (Permis de conduire)'])
    await userEvent.click(screen.getByRole('checkbox', { name: box }));
  await userEvent.click(screen.getByRole('button', { name: 'Soumettre la demande' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toBe(
    'Nous n’avons pas pu soumettre vos documents pour le moment. Veuillez réessayer dans quelques minutes.',
  );
  await waitFor(() => expect(document.activeElement).toBe(alert));
  await userEvent.click(screen.getByRole('button', { name: 'Soumettre la demande' }));
  await screen.findByRole('heading', { level: 1, name: 'Votre demande a été soumise!' });
  expect(net.count('POST /application/app-1/submit-application')).toBe(2);
});
