import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { JourneyContext, type JourneyHolder } from './lib/journey/use-journey';
import type { AppRouter } from './router';

/**
 * The whole app's tree, one definition for the browser (main.tsx) and for the build's prerender of
 * /sign-up (prerender.tsx): hydration needs the very same tree on both sides (useId's ids follow it).
 */
export function App({
  queryClient,
  journey,
  router,
}: {
  queryClient: QueryClient;
  journey: JourneyHolder;
  router: AppRouter;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <JourneyContext.Provider value={journey}>
          <RouterProvider router={router} />
        </JourneyContext.Provider>
      </QueryClientProvider>
    </StrictMode>
  );
}
