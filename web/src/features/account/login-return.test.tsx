/**
 * /login after a session ended: it says so, in the applicant's language, and after login it returns to
 * the page the session ended on, query and all; a `next` of another site is never followed.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DbUser } from '@portal/libs';
import { loadLanguage } from '../../i18n/i18n';
import { accountApi } from '../../lib/account-api';
import { RouterNav } from '../../routes/router-shell';
import { LoginPage } from './login-page';

const ada = { _id: 'u-1', email: 'ada@example.com', applications: [{ _id: 'app-1', stage: { path: '/business' } }] };

/** /login at `search` (the page reads it from the address), with the pages it may go on to. */
function renderLogin(search: string) {
  // Signed out: the session check finds none (logIn below answers with Ada once she has logged in).
  vi.spyOn(accountApi, 'currentUser').mockResolvedValue(null);
  window.history.replaceState(null, '', `/login${search}`);
  const root = createRootRoute({
    component: () => (
      <RouterNav>
        <Outlet />
      </RouterNav>
    ),
  });
  const page = (path: string) =>
    createRoute({ getParentRoute: () => root, path, component: () => <p>{`page ${path}`}</p> });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/login', component: LoginPage }),
      page('/status'),
      page('/business'),
    ]),
    history: createMemoryHistory({ initialEntries: [`/login${search}`] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Logs in as Ada: the login's answer carries her (the api's), and the session is not read again after it. */
async function logIn() {
  const login = { message: 'ok', username: 'ada@example.com', data: ada as unknown as DbUser };
  vi.spyOn(accountApi, 'login').mockResolvedValue(login);
  await userEvent.type(screen.getByLabelText(/^(Email|Courriel)$/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/^(Password|Mot de passe)$/), 'secret');
  await userEvent.click(screen.getByRole('button', { name: /^(Log in|Se connecter)$/ }));
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('/login after a session ended', () => {
  it('says so and returns to the page, its query kept', async () => {
    const router = renderLogin(`?signedOut=true&next=${encodeURIComponent('/status?lng=fr')}`);
    expect(
      await screen.findByText('You were signed out; your answers are kept. Log in to continue where you were.'),
    ).toBeTruthy();
    const reads = vi.mocked(accountApi.currentUser).mock.calls.length;
    await logIn();
    await screen.findByText('page /status');
    expect(vi.mocked(accountApi.currentUser).mock.calls.length).toBe(reads);
    expect(router.state.location.pathname).toBe('/status');
    expect(router.state.location.searchStr).toBe('?lng=fr');
  });

  it('in French', async () => {
    await act(() => loadLanguage('fr-CA'));
    renderLogin('?signedOut=true&next=%2Fstatus');
    expect(
      await screen.findByText(
        'Votre session a pris fin; vos réponses sont conservées. Connectez-vous pour reprendre là où vous étiez.',
      ),
    ).toBeTruthy();
  });

  it('never follows a `next` of another site: the saved stage instead', async () => {
    const router = renderLogin(`?signedOut=true&next=${encodeURIComponent('//evil.example/status')}`);
    await screen.findByRole('button', { name: 'Log in' });
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/business'));
  });
});
