import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSessionLostHandler } from './lib/http';
import { listenForNavigateMessages } from './lib/navigate-message';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
const router = createAppRouter(queryClient);
setSessionLostHandler(() => {
  queryClient.setQueryData(['session'], null);
  void router.navigate({ to: '/login' });
});
listenForNavigateMessages((path) => void router.navigate({ to: path }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
