import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type RouteComponent,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { RouterNav } from '../../routes/router-shell';

/**
 * Tests: renders an account page alone at its path, with the router and the query client it needs; `router`
 * tells where the page went.
 */
export function renderPage(path: string, component: RouteComponent) {
  const root = createRootRoute({
    component: () => (
      <RouterNav>
        <Outlet />
      </RouterNav>
    ),
  });
  const route = createRoute({ getParentRoute: () => root, path, component });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const rendered = render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return Object.assign(rendered, { router });
}
