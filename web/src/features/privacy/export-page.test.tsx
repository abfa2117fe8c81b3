/**
 * '/my-data', "Download my data": the request confirmed by the password (checked with the sign-in's rule
 * before anything is sent), a refusal said, the archive being built, and its download; in English and in
 * French, each state axe-clean.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_CODES, type DataExportView } from '@portal/libs';
import { loadLanguage } from '../../i18n/i18n';
import { api } from '../../lib/http';
import { toError } from '../../lib/http-error';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { DataExportPage } from './export-page';

const user = applicantAt({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial' });
const READY: DataExportView = {
  state: 'ready',
  exportId: '01a2272f-52bc-7bca-b328-5339e1b3e640',
  requestedAt: '2026-11-29T12:00:00.000Z',
  expiresAt: '2026-12-06T12:00:00.000Z',
};

const words = {
  en: {
    title: 'Download my data',
    password: 'Password',
    request: 'Prepare my data',
    required: 'This field is required',
    wrong: 'Incorrect username or password.',
    building: 'We are preparing your file. We will email you a link when it is ready.',
    download: 'Download my data (zip)',
  },
  'fr-CA': {
    title: 'Télécharger mes données',
    password: 'Mot de passe',
    request: 'Préparer mes données',
    required: 'Ce champ est obligatoire',
    wrong: 'Nom d’utilisateur ou mot de passe incorrect.',
    building: 'Nous préparons votre fichier. Nous vous enverrons un lien par courriel quand il sera prêt.',
    download: 'Télécharger mes données (zip)',
  },
} as const;

/** axe-core on the page (WCAG 2.x A and AA; colours are not computed in jsdom). */
async function expectAxeClean() {
  const results = await axe.run(document.body, {
    runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

afterEach(() => vi.restoreAllMocks());
afterAll(() => loadLanguage('en'));

describe('/my-data', () => {
  for (const lng of ['en', 'fr-CA'] as const) {
    const w = words[lng];
    it(`in ${lng}: asks for the password, says a refusal, then shows the archive being built`, async () => {
      if (lng !== 'en') await act(() => loadLanguage(lng));
      vi.spyOn(api, 'get').mockResolvedValue({ state: 'none' });
      const post = vi
        .spyOn(api, 'post')
        .mockRejectedValueOnce(
          // As the api answers a wrong password: the spec's English and its code.
          toError(401, {
            data: { message: 'Incorrect username or password.', messageCode: ACCOUNT_CODES.incorrectCredentials },
          }),
        )
        .mockResolvedValueOnce({ state: 'building', exportId: READY.exportId, requestedAt: READY.requestedAt });
      renderJourneyPage(<DataExportPage />, user);
      expect(await screen.findByRole('heading', { level: 1, name: w.title })).toBeTruthy();
      await expectAxeClean();
      const submit = screen.getByRole('button', { name: w.request });
      await userEvent.click(submit);
      expect(await screen.findByText(w.required)).toBeTruthy();
      expect(post).not.toHaveBeenCalled();
      await userEvent.type(screen.getByLabelText(w.password), 'wrong-one');
      await userEvent.click(submit);
      const refusal = await screen.findByRole('alert');
      expect(refusal.textContent).toBe(w.wrong);
      await waitFor(() => expect(document.activeElement).toBe(refusal));
      await expectAxeClean();
      await userEvent.type(screen.getByLabelText(w.password), '{Control>}a{/Control}Ledger-Quill-42');
      await userEvent.click(submit);
      expect(await screen.findByText(w.building)).toBeTruthy();
      expect(post).toHaveBeenLastCalledWith('/privacy/data-export', { password: 'Ledger-Quill-42' });
      await expectAxeClean();
    });

    it(`in ${lng}: offers the ready archive through the api, with its expiry`, async () => {
      if (lng !== 'en') await act(() => loadLanguage(lng));
      vi.spyOn(api, 'get').mockResolvedValue(READY);
      renderJourneyPage(<DataExportPage />, user);
      const link = await screen.findByRole('link', { name: w.download });
      expect(link.getAttribute('href')).toBe(`/api/privacy/data-export/${READY.exportId}/archive`);
      expect(screen.getByRole('status').textContent).toMatch(
        lng === 'en' ? /until Dec 6, 2026/ : /jusqu’au 6 déc\. 2026/,
      );
      await expectAxeClean();
    });
  }
});
