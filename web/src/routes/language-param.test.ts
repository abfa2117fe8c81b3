/**
 * A link in an email names its language (?lng=): the portal opens in it on arrival, whatever the device's
 * own, without becoming the browser's remembered choice; signed out, /login says so in that language.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, LANGUAGE_STORAGE_KEY, translate } from '../i18n/i18n';
import type { JourneyHolder } from '../lib/journey/use-journey';
import { sessionQueryOptions } from '../lib/session';
import { noteSessionEnded } from '../lib/storage';
import { createAppRouter } from '../router';

async function arrive(path: string) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryOptions().queryKey, null);
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, journey: {} as JourneyHolder }, history);
  await router.load();
  return router.state.location;
}

afterEach(() => localStorage.clear());

describe('?lng= on arrival', () => {
  it('a French link opens the portal in French, not remembered as the browser’s choice', async () => {
    expect(currentLanguage()).toBe('en');
    await arrive('/co-owner/signed?lng=fr-CA');
    expect(currentLanguage()).toBe('fr-CA');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('a Spanish link opens it in Spanish, and any Spanish tag is US Spanish', async () => {
    await arrive('/co-owner/signed?lng=es-US');
    expect(currentLanguage()).toBe('es-US');
    await arrive('/co-owner/signed?lng=en');
    await arrive('/co-owner/signed?lng=es');
    expect(currentLanguage()).toBe('es-US');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    await arrive('/co-owner/signed?lng=en');
  });

  it('an English link opens it in English on a French device', async () => {
    await arrive('/co-owner/signed?lng=fr-CA');
    await arrive('/co-owner/signed?lng=en');
    expect(currentLanguage()).toBe('en');
  });

  it('the offer email’s link after the session ended: /login, in French, returning to the offers', async () => {
    noteSessionEnded();
    const at = await arrive('/offers?lng=fr-CA');
    expect(at.pathname).toBe('/login');
    expect(at.search).toEqual({ signedOut: true, next: '/offers?lng=fr-CA' });
    expect(currentLanguage()).toBe('fr-CA');
    expect(translate('fr-CA', 'login.signedOut')).toMatch(/^Votre session a pris fin; vos réponses sont conservées\./);
  });
});
