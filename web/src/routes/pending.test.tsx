/**
 * A journey page waiting for its code and saved answers (seconds on a slow connection) says it is loading,
 * instead of an empty card: the frame index.html shows before the app has run, and the router's pending
 * state once it runs.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { createActor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { loadAllWords, loadLanguage } from '../i18n/i18n';
import { journeyApi } from '../lib/journey/journey-api';
import { applicantAt } from '../lib/journey/journey-page.test-support';
import { journeyMachine } from '../lib/journey/journey.machine';
import { heldJourney } from '../lib/journey/use-journey';
import { sessionQueryOptions } from '../lib/session';
import { renderJourneyShell } from '../prerender';
import { createAppRouter } from '../router';

afterEach(() => vi.restoreAllMocks());

/** The frame's markup, put in a page as index.html does. */
function showFrame(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.appendChild(root);
  return root;
}

describe('the wait for a journey page', () => {
  it('the frame index.html shows says so under the heading, in each language', async () => {
    for (const [lng, text] of [
      ['en', 'Loading your application...'],
      ['fr-CA', 'Chargement de votre demande...'],
      ['es-US', 'Cargando su solicitud...'],
    ] as const) {
      await loadLanguage(lng);
      await loadAllWords();
      for (const path of ['/financial', '/owners']) {
        const frame = showFrame(renderJourneyShell(lng, path));
        expect(within(frame).getByRole('status').textContent, `${path} in ${lng}`).toBe(text);
        frame.remove();
      }
    }
    await loadLanguage('en');
  });

  it('the router shows the loading text while the page’s answers are on their way', async () => {
    // The answers never come: the route's loader waits.
    vi.spyOn(journeyApi, 'business').mockReturnValue(new Promise(() => undefined));
    const queryClient = new QueryClient();
    const user = applicantAt({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial' });
    queryClient.setQueryData(sessionQueryOptions().queryKey, user);
    const journey = heldJourney(createActor(journeyMachine).start());
    const router = createAppRouter({ queryClient, journey }, createMemoryHistory({ initialEntries: ['/financial'] }));
    render(<App queryClient={queryClient} journey={journey} router={router} />);
    const status = await screen.findByRole('status', {}, { timeout: 5000 });
    expect(status.textContent).toBe('Loading your application...');
    expect(screen.queryByLabelText('Annual revenue')).toBeNull();
  });
});
