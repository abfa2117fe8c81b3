/**
 * 'Submit Application' is replaced by the submitted view: focus goes to its heading (it fell to <body>,
 * and a screen reader said nothing), in English and in French.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../i18n/i18n';
import { documentsApi } from '../../lib/documents-api';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { offersApi, type OfferView } from './offers-api';
import { OffersPage } from './offers-page';

const offer: OfferView = { _id: 'o-1', applicationId: 'app-1', offerOptions: [] };
const user = applicantAt({ pageName: 'DOCUMENTS', pageStep: 3, path: '/offers' });

beforeEach(() => {
  vi.spyOn(offersApi, 'calculate').mockResolvedValue(offer);
  vi.spyOn(documentsApi, 'list').mockResolvedValue([]);
  vi.spyOn(offersApi, 'submit').mockResolvedValue({ repName: '', schedulingLink: '' });
});
afterEach(() => vi.restoreAllMocks());

const words = {
  en: {
    missing: ["I don't have this (Voided check)", "I don't have this (Driver's license)"],
    submit: 'Submit Application',
    title: 'Your application has been submitted!',
  },
  'fr-CA': {
    missing: ['Je ne l’ai pas (Chèque annulé)', 'Je ne l’ai pas (Permis de conduire)'],
    submit: 'Soumettre la demande',
    title: 'Votre demande a été soumise!',
  },
  'es-US': {
    missing: ['No lo tengo (Cheque anulado)', 'No lo tengo (Licencia de conducir)'],
    submit: 'Enviar la solicitud',
    title: '¡Su solicitud fue enviada!',
  },
} as const;

describe('the submitted view takes focus', () => {
  for (const lng of Object.keys(words) as (keyof typeof words)[])
    it(`in ${lng}: its heading, not <body>`, async () => {
      const w = words[lng];
      if (lng !== 'en') await act(() => loadLanguage(lng));
      renderJourneyPage(<OffersPage />, user, null);
      // Opened at step 3 (the pick saved on an earlier visit): the documents and Submit are there at once.
      await screen.findByRole('button', { name: w.submit });
      for (const box of w.missing) await userEvent.click(screen.getByRole('checkbox', { name: box }));
      await userEvent.click(screen.getByRole('button', { name: w.submit }));
      const heading = await screen.findByRole('heading', { level: 1, name: w.title });
      await waitFor(() => expect(document.activeElement).toBe(heading));
      expect(heading.getAttribute('tabindex')).toBe('-1');
    });
});
