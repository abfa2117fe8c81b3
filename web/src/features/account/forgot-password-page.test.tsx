import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { accountApi } from '../../lib/account-api';
import { HttpError } from '../../lib/http';
import { ForgotPasswordPage } from './forgot-password-page';
import { renderPage } from './render-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const open = async () => {
  renderPage('/forgot-password', ForgotPasswordPage);
  await screen.findByRole('heading', { name: 'Reset your password' });
};

it('checks the email on submit only, and clears its message as soon as it is edited', async () => {
  const forgot = vi.spyOn(accountApi, 'forgotPassword');
  await open();
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByText('Email is requiured')).toBeTruthy();
  expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  // Not yet a valid address, but edited: the message goes until the next submit.
  await userEvent.type(screen.getByLabelText('Email'), 'a');
  expect(screen.queryByText('Email is requiured')).toBeNull();
  expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
  expect(forgot).not.toHaveBeenCalled();
});

it('sends the code, then changes the password, with the server’s field messages under their fields', async () => {
  const forgot = vi
    .spyOn(accountApi, 'forgotPassword')
    .mockResolvedValue({ deliveryMedium: 'EMAIL', destination: 'a***@example.com' } as never);
  const confirm = vi
    .spyOn(accountApi, 'confirmForgotPassword')
    .mockRejectedValueOnce(
      new HttpError(400, 'Invalid verification code provided, please try again.', {
        code: 'Enter the 6-digit code from the email',
      }),
    )
    .mockResolvedValueOnce({ message: 'success' } as never);
  await open();
  await userEvent.type(screen.getByLabelText('Email'), ' ada@example.com ');
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByLabelText('One time code');
  expect(forgot).toHaveBeenCalledWith('ada@example.com');

  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('one time code is required')).toBeTruthy();
  expect(screen.getByText('Password is required')).toBeTruthy();

  await userEvent.type(screen.getByLabelText('One time code'), '12ab3456');
  expect((screen.getByLabelText('One time code') as HTMLInputElement).value).toBe('123456');
  await userEvent.type(screen.getByLabelText('New password'), 'Correct-Horse-9');
  await userEvent.type(screen.getByLabelText('Re-enter password'), 'Correct-Horse-9');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('Invalid verification code provided, please try again.')).toBeTruthy();
  expect(screen.getByText('Enter the 6-digit code from the email')).toBeTruthy();
  expect(confirm).toHaveBeenLastCalledWith({
    username: 'ada@example.com',
    code: '123456',
    password: 'Correct-Horse-9',
    confirmPassword: 'Correct-Horse-9',
  });

  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  await waitFor(() => expect(screen.getByText('Password change successful!')).toBeTruthy());
  expect(confirm).toHaveBeenCalledTimes(2);
});
