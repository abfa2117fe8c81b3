import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { LoadError } from './components/ui/load-error';
import { Loading } from './components/ui/loading';
import { ForgotPasswordPage } from './features/account/forgot-password-page';
import { LoginPage } from './features/account/login-page';
import { SignUpPage } from './features/account/sign-up-page';
import { journeyLoaders } from './features/journey/journey-loaders';
import type { JourneyActor } from './features/journey/journey.machine';
import { BusinessPage } from './features/journey/business-page';
import { FinancialPage } from './features/journey/financial-page';
import { GigglePage } from './features/journey/giggle-page';
import { AccessibilityPage } from './features/legal/accessibility-page';
import { ACCESSIBILITY_PATH, externalLegalUrl, LEGAL_PATHS, type LegalDocument } from './features/legal/legal-links';
import { PrivacyPolicyPage } from './features/legal/privacy-policy-page';
import { TermsOfUsePage } from './features/legal/terms-of-use-page';
import { OwnersPage } from './features/journey/owners-page';
import { BankStatementsPage } from './features/documents/bank-statements-page';
import { OffersPage } from './features/offers/offers-page';
import { SignaturePage } from './features/journey/signature-page';
import { applicationOf, resumePath, sessionQueryOptions } from './features/shell/session';
import { Shell } from './features/shell/shell';
import { NotFound } from './routes/not-found';
import { clearUserName, rememberAffiliate, rememberAmountRequested } from './lib/storage';

export type RouterContext = { queryClient: QueryClient; journey: JourneyActor };

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Shell,
  notFoundComponent: NotFound,
  beforeLoad: ({ location }) => {
    const amount = new URLSearchParams(location.searchStr).get('amount-requested');
    if (amount) rememberAmountRequested(amount);
  },
});

const session = (ctx: RouterContext) => ctx.queryClient.ensureQueryData(sessionQueryOptions());

/** Signed in: the journey machine is hydrated from the saved stage (on load, and on resume after sign-in). */
async function hydrated(ctx: RouterContext) {
  const user = await session(ctx);
  if (user) ctx.journey.send({ type: 'journey.hydrate', application: applicationOf(user) });
  return user;
}

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async ({ context }) => {
    const user = await hydrated(context);
    throw redirect({ to: user ? context.journey.getSnapshot().context.position.path.toLowerCase() : '/sign-up' });
  },
});

/** Pages for signed-out visitors: a signed-in applicant goes back to their application. */
const anonymous = (path: '/login' | '/sign-up' | '/forgot-password', component: () => React.JSX.Element) =>
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

type JourneyPath = keyof typeof journeyLoaders;

/**
 * Application pages: a session is required (else /sign-up); the journey machine applies section 2's
 * guard and names the route to show; the loader ensures the page's data before it renders.
 */
const guarded = (path: JourneyPath, component: () => React.JSX.Element) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component,
    beforeLoad: async ({ context }) => {
      const user = await hydrated(context);
      if (!user) {
        clearUserName();
        throw redirect({ to: '/sign-up' });
      }
      context.journey.send({ type: 'journey.visit', route: path });
      const route = context.journey.getSnapshot().context.route;
      if (route !== path) throw redirect({ to: route });
    },
    loader: ({ context }) => journeyLoaders[path](context.queryClient),
  });

/** Open to anyone; when the lender publishes its own document, an old link to ours is sent there. */
const legal = (doc: LegalDocument, component: () => React.JSX.Element) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: LEGAL_PATHS[doc],
    component,
    beforeLoad: () => {
      const href = externalLegalUrl(doc);
      if (href) throw redirect({ href });
    },
  });

const routeTree = rootRoute.addChildren([
  indexRoute,
  anonymous('/login', LoginPage),
  anonymous('/sign-up', SignUpPage),
  anonymous('/forgot-password', ForgotPasswordPage),
  guarded('/financial', FinancialPage),
  guarded('/business', BusinessPage),
  guarded('/owners', OwnersPage),
  guarded('/signature', SignaturePage),
  guarded('/bank-statements', BankStatementsPage),
  guarded('/offers', OffersPage),
  guarded('/giggle-finance', GigglePage),
  legal('privacyPolicy', PrivacyPolicyPage),
  legal('termsOfUse', TermsOfUsePage),
  createRoute({ getParentRoute: () => rootRoute, path: ACCESSIBILITY_PATH, component: AccessibilityPage }),
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: false,
    defaultPendingComponent: () => <Loading />,
    defaultErrorComponent: ({ error, reset }) => <LoadError error={error} reset={reset} />,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
