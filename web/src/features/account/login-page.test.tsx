import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { accountApi } from '../../lib/account-api';
import { LoginPage } from './login-page';
import { renderPage } from './render-page';

afterEach(() => {
  vi.restoreAllMocks();
});

it('checks the credentials on submit only: a message stays until the next submit', async () => {
  const login = vi.spyOn(accountApi, 'login').mockRejectedValue(new Error('Incorrect username or password.'));
  renderPage('/login', LoginPage);
  const submit = await screen.findByRole('button', { name: 'Log in' });
  await userEvent.click(submit);
  expect(await screen.findAllByText('This field is required')).toHaveLength(2);
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com ');
  await userEvent.type(screen.getByLabelText('Password'), 'secret');
  expect(screen.getAllByText('This field is required')).toHaveLength(2);
  await userEvent.click(submit);
  await waitFor(() => expect(screen.queryByText('This field is required')).toBeNull());
  expect(await screen.findByText('Incorrect username or password.')).toBeTruthy();
  expect(login).toHaveBeenCalledWith('ada@example.com', 'secret');
});
