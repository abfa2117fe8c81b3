import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DbUser } from '@portal/libs';
import { Link, Outlet, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { NavContext, type Nav, type NavLinkProps } from '../lib/nav';
import { sessionQueryOptions, startSession } from '../lib/session';
import { Shell } from './shell';

const RouterLink = ({ to, ...props }: NavLinkProps) => <Link to={to} {...props} />;

/** The root route's component: the shell around the route's page, told the way by TanStack Router. */
export const RouterShell = () => (
  <RouterNav>
    <Shell>
      <Outlet />
    </Shell>
  </RouterNav>
);

/** The way (lib/nav.tsx) as TanStack Router and Query give it, to what is inside (tests: a page alone). */
export function RouterNav({ children }: { children: ReactNode }) {
  const { data: user } = useQuery(sessionQueryOptions());
  const path = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  // Stable while the app runs: a page's effects depend on them.
  const ways = useMemo(
    () => ({
      go: (to: string, search?: Record<string, unknown>) => navigate({ to, search }),
      signedIn: (user: DbUser | undefined) => startSession(queryClient, user),
      signedOut: () => queryClient.setQueryData(sessionQueryOptions().queryKey, null),
      preload: (to: string) => {
        const route = (router.routesByPath as Record<string, Parameters<typeof router.loadRouteChunk>[0]>)[to];
        if (route) void router.loadRouteChunk(route);
      },
      Link: RouterLink,
    }),
    [navigate, queryClient, router],
  );
  const nav = useMemo<Nav>(() => ({ ...ways, path, user }), [ways, path, user]);
  return <NavContext.Provider value={nav}>{children}</NavContext.Provider>;
}
