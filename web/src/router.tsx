import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
  type RouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { LoadError } from './components/ui/load-error';
import { Loading } from './components/ui/loading';
import type { journeyLoaders } from './routes/journey-loaders';
import type { JourneyHolder } from './lib/journey/use-journey';
import { hydrateEvent } from './lib/journey/journey-answers';
import { ACCESSIBILITY_PATH, externalLegalUrl, LEGAL_PATHS, type LegalDocument } from './features/legal/legal-links';
import { applicationOf, loginSearch, resumePath, sessionQueryOptions } from './lib/session';
import { RouterShell } from './routes/router-shell';
import { currentLanguage, loadLanguage, toLanguage } from './i18n/i18n';
import { pages } from './routes/pages';
import { NotFound } from './routes/not-found';
import { clearUserName, hadSession, noteSessionEnded, rememberAffiliate, rememberAmountRequested } from './lib/storage';

/** The app's query defaults: main.tsx's client and the prerender's (prerender.tsx) alike. */
export const QUERY_DEFAULTS = { queries: { retry: false, refetchOnWindowFocus: false } } as const;

export type RouterContext = { queryClient: QueryClient; journey: JourneyHolder };

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RouterShell,
  notFoundComponent: NotFound,
  beforeLoad: async ({ location }) => {
    const params = new URLSearchParams(location.searchStr);
    const amount = params.get('amount-requested');
    if (amount) rememberAmountRequested(amount);
    // A link in an email names its language (?lng=): the page opens in it, on any device, without
    // becoming the browser's remembered choice.
    const lng = params.get('lng');
    if (lng && toLanguage(lng) !== currentLanguage()) await loadLanguage(toLanguage(lng));
  },
});

const session = (ctx: RouterContext) => ctx.queryClient.ensureQueryData(sessionQueryOptions());

/**
 * Signed in: the journey actor is started (its chunk loaded) and hydrated from the saved stage (on load,
 * and on resume after sign-in). Signed out: undefined.
 */
async function hydrated(ctx: RouterContext) {
  const user = await session(ctx);
  if (!user) return undefined;
  const journey = await ctx.journey.load();
  journey.send(hydrateEvent(applicationOf(user)));
  return journey;
}

/**
 * No session where one is needed (the session check has tried a refresh with the stored name already).
 * Signed in on this browser before, and not signed out on purpose: the session ended, which /login says,
 * bringing the applicant back to `next` (a path of this site only: loginSearch) after login. Never signed
 * in here: the stored name is cleared and it is /sign-up, as the product has it.
 */
function noSession(next?: string): never {
  if (hadSession()) {
    noteSessionEnded();
    throw redirect({ to: '/login', search: { signedOut: true, ...(next ? { next } : {}) } });
  }
  clearUserName();
  throw redirect({ to: '/sign-up' });
}

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async ({ context }) => {
    const journey = await hydrated(context);
    if (!journey) noSession();
    throw redirect({ to: journey.getSnapshot().context.position.path.toLowerCase() });
  },
});

/** Pages for signed-out visitors: a signed-in applicant goes back to their application. */
const anonymous = (path: '/sign-up' | '/forgot-password', component: RouteComponent) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component,
    beforeLoad: async ({ context, location }) => {
      if (path === '/sign-up') {
        const iso = new URLSearchParams(location.searchStr).get('iso');
        if (iso) rememberAffiliate(iso);
      }
      const user = await session(context);
      if (user) throw redirect({ to: resumePath(user) });
    },
  });

/** /login, for signed-out visitors too; after a session ended it says so and knows the page to return to. */
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: pages.login,
  validateSearch: loginSearch,
  beforeLoad: async ({ context }) => {
    const user = await session(context);
    if (user) throw redirect({ to: resumePath(user) });
  },
});

type JourneyPath = keyof typeof journeyLoaders;

/**
 * Application pages: a session is required (else noSession); the journey machine applies the route
 * guard (no page ahead of the saved stage) and names the route to show; the loader ensures the page's data before it renders.
 */
const guarded = (path: JourneyPath, component: RouteComponent) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component,
    beforeLoad: async ({ context, location }) => {
      const journey = await hydrated(context);
      if (!journey) noSession(location.href);
      // Back or Forward to an entry of a page of two steps: the step that entry showed (main.tsx go).
      journey.send({ type: 'journey.visit', route: path, step: location.state.step });
      const route = journey.getSnapshot().context.route;
      if (route !== path) throw redirect({ to: route });
    },
    // Fetched with the page (index.html preloads it for a journey page's first visit): the first visit's
    // code does not carry the journey's queries (the documents', the offers', the answers').
    loader: async ({ context }) => (await import('./routes/journey-loaders')).journeyLoaders[path](context.queryClient),
  });

/** Open to anyone; when the lender publishes its own document, an old link to ours is sent there. */
const legal = (doc: LegalDocument, component: RouteComponent) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: LEGAL_PATHS[doc],
    component,
    beforeLoad: () => {
      const href = externalLegalUrl(doc);
      if (href) throw redirect({ href });
    },
  });

/**
 * '/status': signed in, at any stage and after submission, so no journey guard; the
 * machine is hydrated so that the page can lead back to the applicant's step.
 */
const statusRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/status',
  component: pages.status,
  beforeLoad: async ({ context, location }) => {
    if (!(await hydrated(context))) noSession(location.href);
  },
  // Fetched with the page: the first visit's code does not carry the status view's queries.
  loader: async ({ context }) => (await import('./features/status/status-api')).statusLoader(context.queryClient),
});

/** '/my-data', "Download my data": signed in, at any stage and after submission. */
const dataExportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/my-data',
  component: pages.dataExport,
  beforeLoad: async ({ context, location }) => {
    if (!(await hydrated(context))) noSession(location.href);
  },
  loader: async ({ context }) =>
    context.queryClient.ensureQueryData((await import('./features/privacy/export-api')).dataExportQueryOptions()),
});

/** '/delete-account': signed in, at any stage; the page asks the api what deleting would keep. */
const eraseAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/delete-account',
  component: pages.eraseAccount,
  beforeLoad: async ({ context, location }) => {
    if (!(await session(context))) noSession(location.href);
  },
});

/** A co-owner's signed link: open to anyone holding it; the api checks the token. */
const sharedStatusRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/status/shared/$token',
  component: pages.sharedStatus,
});

/** A co-owner's signing link: open to anyone holding it; the api checks the token. */
const coOwnerSignRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/co-owner/sign/$token',
  component: pages.coOwnerSign,
});

/** A phone link: open to anyone holding it; the api checks the token. */
const phoneRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/phone/$token',
  component: pages.phone,
});

/** Where the e-sign service sends a co-owner after signing, on any device. */
const coOwnerSignedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/co-owner/signed',
  component: pages.coOwnerSigned,
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  anonymous('/sign-up', pages.signUp),
  anonymous('/forgot-password', pages.forgotPassword),
  guarded('/financial', pages.financial),
  guarded('/business', pages.business),
  guarded('/owners', pages.owners),
  guarded('/signature', pages.signature),
  guarded('/bank-statements', pages.bankStatements),
  guarded('/offers', pages.offers),
  guarded('/giggle-finance', pages.giggle),
  statusRoute,
  dataExportRoute,
  eraseAccountRoute,
  sharedStatusRoute,
  coOwnerSignRoute,
  coOwnerSignedRoute,
  phoneRoute,
  legal('privacyPolicy', pages.privacyPolicy),
  legal('termsOfUse', pages.termsOfUse),
  createRoute({ getParentRoute: () => rootRoute, path: ACCESSIBILITY_PATH, component: pages.accessibility }),
]);

/** `history`: the build's prerender renders /sign-up from memory (prerender.tsx); the browser's by default. */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: false,
    defaultPendingComponent: () => <Loading />,
    defaultErrorComponent: ({ error, reset }) => <LoadError error={error} reset={reset} />,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** The journey step a journey page's entry shows (/business: the question, then the details). */
    step?: number;
  }
}
