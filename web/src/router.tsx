import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { resumePath } from './features/account/account-api';
import { ForgotPasswordPage } from './features/account/forgot-password-page';
import { LoginPage } from './features/account/login-page';
import { SignUpPage } from './features/account/sign-up-page';
import { guardRedirect } from './features/journey/guards';
import { BusinessPage } from './features/journey/business-page';
import { FinancialPage } from './features/journey/financial-page';
import { GigglePage } from './features/journey/giggle-page';
import { OwnersPage } from './features/journey/owners-page';
import { BankStatementsPage } from './features/documents/bank-statements-page';
import { OffersPage } from './features/offers/offers-page';
import { SignaturePage } from './features/journey/signature-page';
import { sessionQueryOptions } from './features/shell/session';
import { Shell } from './features/shell/shell';
import { NotFound } from './routes/not-found';
import { clearUserName, rememberAffiliate, rememberAmountRequested } from './lib/storage';

type RouterContext = { queryClient: QueryClient };

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Shell,
  notFoundComponent: NotFound,
  beforeLoad: ({ location }) => {
    const amount = new URLSearchParams(location.searchStr).get('amount-requested');
    if (amount) rememberAmountRequested(amount);
  },
});

const session = (ctx: RouterContext) => ctx.queryClient.ensureQueryData(sessionQueryOptions());

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async ({ context }) => {
    const user = await session(context);
    throw redirect({ to: user ? resumePath(user) : '/sign-up' });
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

/** Application pages: a session is required (else /sign-up), then the journey guard of section 2. */
const guarded = <P extends string>(path: P, component: () => React.JSX.Element) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component,
    beforeLoad: async ({ context }) => {
      const user = await session(context);
      if (!user) {
        clearUserName();
        throw redirect({ to: '/sign-up' });
      }
      const to = guardRedirect(path, user);
      if (to && to !== path) throw redirect({ to });
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
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: false });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
