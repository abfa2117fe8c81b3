import { QueryClient } from '@tanstack/react-query';
import type { DbUser } from '@portal/libs';
import { startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app';
import type { JourneyHolder } from './lib/journey/use-journey';
import { sessionQueryOptions } from './lib/session';
import { createAppRouter, QUERY_DEFAULTS, type AppRouter } from './router';

/**
 * The whole app: TanStack Router over every page, with TanStack Query's cache: its own chunk, which a signed-out first visit does without.
 * A first visit to any page but a signed-out /sign-up starts here at once (main.tsx); that one loads it
 * once its page has shown (first-visit.tsx) and shows it when the applicant leaves the page.
 */
export type FullApp = {
  router: AppRouter;
  queryClient: QueryClient;
  /** Fetches a page's chunks ahead of going there. */
  preload: (path: string) => void;
  /**
   * Goes to `to` (else the address's page) and shows it: over the first visit's tree (`root`), or afresh
   * in `el`. `user`: the session, when it is known already (null: signed out).
   */
  show: (opts: {
    root?: Root;
    el?: HTMLElement;
    to?: string;
    search?: Record<string, unknown>;
    user?: DbUser | null;
  }) => Promise<void>;
};

export function createFullApp(journey: JourneyHolder): FullApp {
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  const router = createAppRouter({ queryClient, journey });
  return {
    router,
    queryClient,
    preload(path) {
      const route = (router.routesByPath as Record<string, Parameters<typeof router.loadRouteChunk>[0]>)[path];
      if (route) void router.loadRouteChunk(route);
    },
    async show({ root, el, to, search, user }) {
      if (user !== undefined) queryClient.setQueryData(sessionQueryOptions().queryKey, user);
      // The router settles first (the session check, the page's chunk), so that the first render is the
      // whole page; what was on the screen stays until then.
      if (to) await router.navigate({ to, search });
      else await router.load();
      const app = <App queryClient={queryClient} journey={journey} router={router} />;
      if (root) root.render(app);
      else if (el) {
        // A journey page's shell (index.html, prerender.tsx JOURNEY_SHELLS) stays until the page is drawn
        // over it: React empties the element as it commits the first render. Anything else goes now.
        if (el.hasAttribute('data-shell')) el.removeAttribute('data-shell');
        else el.replaceChildren();
        // As a transition, the first render yields to the browser every few milliseconds instead of
        // holding the main thread for the whole page (Lighthouse's total blocking time).
        const fresh = createRoot(el);
        startTransition(() => fresh.render(app));
      }
    },
  };
}
