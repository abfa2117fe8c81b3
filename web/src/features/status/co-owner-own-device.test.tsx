/**
 * Where the co-owner's turn is described on /status (signature-own-device.test.tsx: /signature), the applicant is told the co-owner gets
 * an email and can sign on their own phone or computer: they need not be together, in either language.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../i18n/i18n';
import { api } from '../../lib/http';
import { renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { StatusPage } from './status-page';
import { AT_SIGNATURE, AWAITING_CO_OWNER } from './status.test-support';

const progress = AWAITING_CO_OWNER;
const user = AT_SIGNATURE;

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => loadLanguage('en'));
});

const words = {
  en: {
    status: 'Grace Hopper receives an email and can sign on their own phone or computer.',
  },
  'fr-CA': {
    status: 'Grace Hopper reçoit un courriel et peut signer sur son propre téléphone ou ordinateur.',
  },
  'es-US': {
    status: 'Grace Hopper recibe un correo electrónico y puede firmar en su propio teléfono o computadora.',
  },
} as const;

describe('the co-owner can sign on their own device', () => {
  for (const lng of Object.keys(words) as (keyof typeof words)[]) {
    it(`is said on /status, by the co-owner's name, in ${lng}`, async () => {
      await act(() => loadLanguage(lng));
      vi.spyOn(api, 'get').mockResolvedValue(progress);
      renderJourneyPage(<StatusPage />, user);
      expect(await screen.findByText(words[lng].status)).toBeTruthy();
    });
  }
});
