/**
 * Where the co-owner's turn is described on /status (signature-own-device.test.tsx: /signature), the applicant is told the co-owner gets
 * an email and can sign on their own phone or computer: they need not be together, in either language.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicantStatus } from '@portal/libs';
import { loadLanguage } from '../../i18n/i18n';
import { api } from '../../lib/http';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { StatusPage } from './status-page';

const progress = {
  source: 'live',
  stage: 'SIGNATURE',
  step: 1,
  waiting: [{ on: 'signature' }],
  signingOpen: true,
  signatures: [
    { order: 1, signed: true, name: 'Ada Lovelace' },
    { order: 2, signed: false, name: 'Grace Hopper' },
  ],
} as ApplicantStatus;
const user = applicantAt({ pageName: 'SIGNATURE', pageStep: 1, path: '/signature' });

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
} as const;

describe('the co-owner can sign on their own device', () => {
  for (const lng of ['en', 'fr-CA'] as const) {
    it(`is said on /status, by the co-owner's name, in ${lng}`, async () => {
      await act(() => loadLanguage(lng));
      vi.spyOn(api, 'get').mockResolvedValue(progress);
      renderJourneyPage(<StatusPage />, user);
      expect(await screen.findByText(words[lng].status)).toBeTruthy();
    });
  }
});
