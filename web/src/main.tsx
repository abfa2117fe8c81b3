import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { holdJourney, JourneyContext } from './features/journey/use-journey';
import { setSessionLostHandler } from './lib/http';
import { listenForNavigateMessages } from './lib/navigate-message';
import { currentLanguage, loadLanguage, setUpI18n } from './i18n/i18n';
import { createAppRouter } from './router';
import './styles.css';

const inFrame = () => window.self !== window.top;

async function start() {
  // The landing page's chunks are on their way already (index.html's modulepreload, vite.config.ts), and so
  // is the session check (window.sessionCheck).
  setUpI18n();
  // The detected or chosen language's words are in place before the first page renders.
  await loadLanguage(currentLanguage());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  // The journey says where to go; the router goes there. Inside the signing frame (section 2
  // '/signature'), the parent window is told instead. The actor (XState and the journey machine, their own
  // chunk) starts when a route first needs it: a signed-out visit to /sign-up never loads it.
  const journey = holdJourney(async () => {
    const { devInspector, startJourney } = await import('./features/journey/journey-actor');
    return startJourney(
      (route) => {
        if (inFrame()) window.parent.postMessage({ type: 'navigate', path: route }, '*');
        else if (router.state.location.pathname !== route) void router.navigate({ to: route });
      },
      await devInspector(),
    );
  });
  const router = createAppRouter({ queryClient, journey });
  setSessionLostHandler(() => {
    queryClient.setQueryData(['session'], null);
    journey.current()?.send({ type: 'journey.reset' });
    void router.navigate({ to: '/login' });
  });
  listenForNavigateMessages((path) => void router.navigate({ to: path }));

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <JourneyContext.Provider value={journey}>
          <RouterProvider router={router} />
        </JourneyContext.Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
