import { QueryClient } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { holdJourney } from './lib/journey/use-journey';
import { setSessionLostHandler } from './lib/http';
import { listenForNavigateMessages } from './lib/navigate-message';
import { currentLanguage, loadLanguage, setUpI18n } from './i18n/i18n';
import { createAppRouter, QUERY_DEFAULTS } from './router';
import './styles.css';

const inFrame = () => window.self !== window.top;

declare global {
  interface Window {
    /** index.html's hold on the prerendered form's submit, until the app has taken the form over. */
    holdSubmit?: (e: Event) => void;
    /** A submit was held: the applicant asked to go on before the app's code had run. */
    submitHeld?: boolean;
  }
}

async function start() {
  // The landing page's chunks are on their way already (index.html's modulepreload, vite.config.ts), and so
  // is the session check (window.sessionCheck).
  setUpI18n();
  // The detected or chosen language's words are in place before the first page renders.
  await loadLanguage(currentLanguage());
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  // The journey says where to go; the router goes there. Inside the signing frame (section 2
  // '/signature'), the parent window is told instead. The actor (XState and the journey machine, their own
  // chunk) starts when a route first needs it: a signed-out visit to /sign-up never loads it.
  const journey = holdJourney(async () => {
    const { devInspector, startJourney } = await import('./lib/journey/journey-actor');
    return startJourney(
      (route) => {
        if (inFrame()) window.parent.postMessage({ type: 'navigate', path: route }, '*');
        else if (router.state.location.pathname !== route) void router.navigate({ to: route });
      },
      await devInspector(),
    );
  });
  const router = createAppRouter({ queryClient, journey });
  // A session that ends says so on /login, which brings the applicant back here after sign-in (issue 23
  // item 2); what they typed is kept as the step's draft.
  setSessionLostHandler(() => {
    const next = router.state.location.pathname;
    queryClient.setQueryData(['session'], null);
    journey.current()?.send({ type: 'journey.reset' });
    void router.navigate({ to: '/login', search: { signedOut: true, ...(next === '/login' ? {} : { next }) } });
  });
  listenForNavigateMessages((path) => void router.navigate({ to: path }));
  // index.html's early GETs serve the first page only (lib/http.ts): what it left is dropped.
  const firstShown = router.subscribe('onResolved', () => {
    window.earlyGets = undefined;
    firstShown();
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const app = <App queryClient={queryClient} journey={journey} router={router} />;
  const prerendered = root.dataset.prerendered;
  if (!prerendered) {
    createRoot(root).render(app);
    return;
  }
  // index.html shows the build's prerender of /sign-up (src/prerender.tsx) to a visitor it takes to be
  // signed out. The router settles first (the session check, the page's chunk), so that the first render
  // is the whole page, as prerendered. The same page in the same language is hydrated: the fields keep
  // what was typed into them meanwhile (the page takes it in), and nothing moves. Anything else (a
  // session after all, so a redirect; another language) is rendered afresh over it.
  await router.load();
  const { location, status, matches } = router.state;
  const same =
    prerendered === currentLanguage() &&
    status === 'idle' &&
    location.pathname === '/sign-up' &&
    matches.at(-1)?.routeId === '/sign-up' &&
    matches.every((m) => m.status === 'success');
  delete root.dataset.prerendered;
  // The sign-up page lets go of index.html's hold on the form's submit once it has the form (and makes
  // the submit that was held, if any).
  if (same) hydrateRoot(root, app);
  else {
    root.replaceChildren();
    if (window.holdSubmit) document.removeEventListener('submit', window.holdSubmit, true);
    createRoot(root).render(app);
  }
}

void start();
