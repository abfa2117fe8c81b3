/**
 * /signature, where the next owner's turn is described, tells the applicant that a co-owner gets an email
 * and can sign on their own phone or computer (co-owner-own-device.test.tsx: /status), in both languages.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../i18n/i18n';
import { api } from '../../lib/http';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { SignaturePage } from './signature-page';

const user = applicantAt({ pageName: 'SIGNATURE', pageStep: 1, path: '/signature' });

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => loadLanguage('en'));
});

it.each([
  ['en', /^A co-owner also receives an email and can sign on their own phone or computer/],
  ['fr-CA', /^Un copropriétaire reçoit aussi un courriel et peut signer sur son propre téléphone ou ordinateur/],
  ['es-US', /^Un codueño también recibe un correo electrónico y puede firmar en su propio teléfono o computadora/],
] as const)('/signature says the co-owner can sign on their own device, in %s', async (lng, words) => {
  await act(() => loadLanguage(lng));
  // The signing request stays in preparation: the page's words are what is read here.
  vi.spyOn(api, 'get').mockReturnValue(new Promise(() => undefined));
  vi.spyOn(api, 'post').mockReturnValue(new Promise(() => undefined));
  renderJourneyPage(<SignaturePage />, user);
  expect(await screen.findByText(words)).toBeTruthy();
});
