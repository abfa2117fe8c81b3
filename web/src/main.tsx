import type { DbUser } from '@portal/libs';
import { hydrateRoot, type Root } from 'react-dom/client';
import { FIRST_VISIT_PATH, FirstVisitApp, firstVisitNav, stopNotingClicks } from './first-visit';
import type { FullApp } from './full-app';
import { accountApi } from './lib/account-api';
import { holdJourney } from './lib/journey/use-journey';
import { setSessionLostHandler } from './lib/http';
import { listenForNavigateMessages } from './lib/navigate-message';
import { rememberAffiliate, rememberAmountRequested } from './lib/storage';
import type { AppRouter } from './router';
import { currentLanguage, loadLanguage, setUpI18n } from './i18n/i18n';
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

/** Once the browser has nothing more urgent to do (the page has shown and answers). */
const whenIdle = (fn: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200);

async function start() {
  // The landing page's chunks are on their way already (index.html's modulepreload, vite.config.ts), and so
  // is the session check (window.sessionCheck).
  setUpI18n();
  // The detected or chosen language's words are in place before the first page renders.
  await loadLanguage(currentLanguage());
  const el = document.getElementById('root');
  if (!el) throw new Error('index.html has no #root');

  // The whole app (the router over every page, full-app.tsx), its own chunk; `router` once it shows.
  let router: AppRouter | undefined;
  let full: Promise<FullApp> | undefined;
  const loadFull = () =>
    (full ??= import('./full-app').then(({ createFullApp }) => {
      const app = createFullApp(journey);
      // index.html's early GETs serve the first page only (lib/http.ts): what it left is dropped.
      const firstShown = app.router.subscribe('onResolved', () => {
        window.earlyGets = undefined;
        firstShown();
      });
      // An entry arrived at otherwise (a reload, a link) learns the step it shows, as go's entries do, so
      // that Back to it from the page's next step shows that step again.
      app.router.subscribe('onResolved', ({ toLocation }) => {
        const at = journey.current()?.getSnapshot().context.at;
        if (at?.path === toLocation.pathname && toLocation.state.step === undefined)
          window.history.replaceState({ ...(window.history.state as object), step: at.pageStep }, '');
      });
      return app;
    }));
  /** The first visit's page, until the applicant leaves it: what is shown, and how it goes elsewhere. */
  let firstVisit: { root: Root; go: (to: string, search?: Record<string, unknown>) => Promise<void> } | undefined;
  // `step`: the journey's step shown at `to`. Another step of the same page (the business question, then
  // its details) is a history entry of its own, so that the browser's Back returns to the step before.
  const go = (to: string, search?: Record<string, unknown>, step?: number) => {
    if (router) {
      const here = router.state.location.pathname;
      // The entry's own state: one arrived at otherwise got its step outside the router (onResolved above).
      const shown = (window.history.state as { step?: number } | null)?.step;
      const otherStep = step !== undefined && here === to && shown !== step;
      if (search || here !== to || otherStep)
        void router.navigate({ to, search, state: step === undefined ? undefined : { step } });
    } else void firstVisit?.go(to, search);
  };

  // The journey says where to go; the router goes there. Inside the signing frame (/signature
  // opened in the e-sign page), the parent window is told instead. The actor (XState and the journey machine, their own
  // chunk) starts when a route first needs it: a signed-out visit to /sign-up never loads it.
  const journey = holdJourney(async () => {
    const { devInspector, startJourney } = await import('./lib/journey/journey-actor');
    return startJourney(
      (route, step) => {
        if (inFrame()) window.parent.postMessage({ type: 'navigate', path: route }, '*');
        else go(route, undefined, step);
      },
      await devInspector(),
    );
  });
  // A session that ends says so on /login, which brings the applicant back here after sign-in, so
  // nothing is lost to it; what they typed is kept as the step's draft.
  setSessionLostHandler(() => {
    const next = router ? router.state.location.pathname : FIRST_VISIT_PATH;
    void full?.then((app) => app.queryClient.setQueryData(['session'], null));
    journey.current()?.send({ type: 'journey.reset' });
    go('/login', { signedOut: true, ...(next === '/login' ? {} : { next }) });
  });
  listenForNavigateMessages((path) => go(path));

  // index.html shows the build's prerender of /sign-up (src/prerender.tsx) to a visitor it takes to be
  // signed out. Signed out indeed, in the same language: the first visit's page (first-visit.tsx) is
  // hydrated, without the router's code; the fields keep what was typed into them meanwhile (the page
  // takes it in), and nothing moves. Anything else (a session after all, so a redirect; another language)
  // is the whole app, rendered afresh over it.
  const prerendered = el.dataset.prerendered;
  const params = new URLSearchParams(window.location.search);
  let user: DbUser | null | undefined;
  if (prerendered === currentLanguage() && window.location.pathname === FIRST_VISIT_PATH && !params.has('lng')) {
    user = await accountApi.currentUser().catch(() => undefined);
    if (user === null) {
      // What the router's root and /sign-up routes would take from the address (router.tsx).
      const amount = params.get('amount-requested');
      if (amount) rememberAmountRequested(amount);
      const iso = params.get('iso');
      if (iso) rememberAffiliate(iso);
      const nav = firstVisitNav({
        // Leaving the page: the whole app takes over, at the page asked for, with the session as known.
        leave: async (to, search, session) => {
          const app = await loadFull();
          router = app.router;
          await app.show({ root: firstVisit!.root, to, search, user: session });
        },
        preload: (path) => void loadFull().then((app) => app.preload(path)),
      });
      delete el.dataset.prerendered;
      stopNotingClicks(true);
      firstVisit = { root: hydrateRoot(el, <FirstVisitApp nav={nav} journey={journey} />), go: nav.go };
      window.earlyGets = undefined;
      // The sign-up page lets go of index.html's hold on the form's submit once it has the form (and makes
      // the submit that was held, if any). The rest of the app's code comes once the page has shown.
      whenIdle(() => void loadFull());
      return;
    }
  }
  const app = await loadFull();
  router = app.router;
  if (prerendered) {
    delete el.dataset.prerendered;
    if (window.holdSubmit) document.removeEventListener('submit', window.holdSubmit, true);
    stopNotingClicks(false);
  }
  await app.show({ el, user });
}

void start();
