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
import axe from 'axe-core';
import { afterEach, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../i18n/i18n';
import { HttpError } from '../../lib/http';
import { RouterNav } from '../../routes/router-shell';
import { eraseApi } from './erase-api';
import { EraseAccountPage } from './erase-account-page';

afterEach(() => vi.restoreAllMocks());

/** The page at its path as the shell shows it: inside the app's main landmark, with the router and queries. */
function renderPage() {
  const root = createRootRoute({
    component: () => (
      <RouterNav>
        <main>
          <Outlet />
        </main>
      </RouterNav>
    ),
  });
  const page = createRoute({ getParentRoute: () => root, path: '/delete-account', component: EraseAccountPage });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/delete-account'] }),
  });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** axe's violations on the page as rendered (color contrast needs layout, which jsdom has not). */
async function violations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`);
}

it('says everything goes for an application not submitted, refuses a wrong password in words, and deletes on the right one', async () => {
  vi.spyOn(eraseApi, 'view').mockResolvedValue({ submitted: false, kept: [] });
  const erase = vi
    .spyOn(eraseApi, 'erase')
    .mockRejectedValueOnce(new HttpError(401, 'Incorrect username or password.'))
    .mockResolvedValueOnce({ started: true });
  renderPage();
  expect(await screen.findByText(/Your account and everything we hold about you will be deleted/)).toBeTruthy();
  expect(screen.queryByText('What is kept, and why')).toBeNull();
  expect(
    screen.getByText(/Emails we have already sent to your own mailbox cannot be recalled.*We keep no copy/),
  ).toBeTruthy();
  const submit = screen.getByRole('button', { name: 'Delete my account' });
  await userEvent.click(submit);
  expect(await screen.findAllByText('This field is required')).not.toHaveLength(0);
  expect(erase).not.toHaveBeenCalled();
  await userEvent.type(screen.getByLabelText('Password'), 'wrong-one');
  await userEvent.click(submit);
  expect(await screen.findByText('Incorrect username or password.')).toBeTruthy();
  expect(await violations()).toEqual([]);
  await userEvent.clear(screen.getByLabelText('Password'));
  await userEvent.type(screen.getByLabelText('Password'), 'Ledger-Quill-42');
  await userEvent.click(submit);
  expect(await screen.findByRole('heading', { name: 'Your account is being deleted' })).toBeTruthy();
  expect(erase).toHaveBeenLastCalledWith('Ledger-Quill-42');
  expect(await violations()).toEqual([]);
});

it('names what a submitted application keeps, why and until when, where it is kept, in English, French and US Spanish, axe-clean', async () => {
  vi.spyOn(eraseApi, 'view').mockResolvedValue({
    submitted: true,
    kept: ['signedApplication', 'opportunity', 'identity'],
    keepUntil: '2031-11-29',
    country: 'CA',
    years: 5,
  });
  renderPage();
  expect(await screen.findByRole('heading', { name: 'What is kept, and why' })).toBeTruthy();
  expect(screen.getByText('Your signed application')).toBeTruthy();
  expect(
    screen.getByText(/customer records \(Salesforce\).*signed application.*e-signature service.*\(Box\)/),
  ).toBeTruthy();
  expect(screen.getByText(/Emails we have already sent to your own mailbox cannot be recalled/)).toBeTruthy();
  expect(screen.getByText(/keep these records for 5 years .*Terrorist Financing Act/)).toBeTruthy();
  expect(screen.getByText(/They will be deleted on November 29, 2031\./)).toBeTruthy();
  expect(await violations()).toEqual([]);

  await act(() => loadLanguage('fr-CA'));
  expect(await screen.findByRole('heading', { name: 'Ce qui est conservé, et pourquoi' })).toBeTruthy();
  expect(screen.getByText('Votre demande signée')).toBeTruthy();
  expect(screen.getByText(/pendant 5 ans pour lutter/)).toBeTruthy();
  expect(screen.getByText(/Ils seront supprimés le 29 novembre 2031\./)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Supprimer mon compte' })).toBeTruthy();
  expect(screen.getByLabelText('Mot de passe')).toBeTruthy();
  expect(screen.getByText(/auprès du service de signature électronique .*\(Box\)/)).toBeTruthy();
  expect(screen.getByText(/Les courriels que nous avons déjà envoyés .* ne peuvent pas être rappelés/)).toBeTruthy();
  await waitFor(async () => expect(await violations()).toEqual([]));

  await act(() => loadLanguage('es-US'));
  expect(await screen.findByRole('heading', { name: 'Qué se conserva y por qué' })).toBeTruthy();
  expect(screen.getByText(/en el servicio de firma electrónica que recogió su firma \(Box\)/)).toBeTruthy();
  expect(
    screen.getByText(/Los correos electrónicos que ya le enviamos a su propio buzón no se pueden recuperar/),
  ).toBeTruthy();
  await waitFor(async () => expect(await violations()).toEqual([]));
});
