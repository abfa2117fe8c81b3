import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, codeFromMail } from '../../../tests/support/api-client';
import { authSlice } from './auth.spec-setup';

// Forgot password: the reset with the mailed code, and its form's messages.
const room = authSlice();
const PASSWORD = TEST_PASSWORD;

describe('forgot password', () => {
  it('resets with the mailed code, and the old sessions end', async () => {
    const old = await room.signedUp('reset');
    const b = room.browser();
    const since = new Date();
    const asked = await b.post('/auth/forgot-password', { username: 'reset@example.com' });
    expect(asked.body).toEqual({ deliveryMedium: 'EMAIL', destination: 'r***@e***.com' });
    const unknown = await b.post('/auth/forgot-password', { username: 'nobody-reset@example.com' });
    expect(unknown.body).toEqual({ deliveryMedium: 'EMAIL', destination: 'n***@e***.com' });
    const code = await codeFromMail(room.slice.maildevUrl, 'reset@example.com', since, 'password reset');

    const mismatch = await b.post('/auth/confirm-forgot-password', {
      username: 'reset@example.com',
      code,
      password: 'New-Ledger-77',
      confirmPassword: 'New-Ledger-78',
    });
    expect(mismatch.body.data.fields.confirmPassword).toBe('Passwords do not match');
    const common = await b.post('/auth/confirm-forgot-password', {
      username: 'reset@example.com',
      code,
      password: 'password123',
      confirmPassword: 'password123',
    });
    expect(common.body.data.message).toBe('This password is too common. Please choose a less common one.');

    const done = await b.post('/auth/confirm-forgot-password', {
      username: 'reset@example.com',
      code,
      password: 'New-Ledger-77',
      confirmPassword: 'New-Ledger-77',
    });
    expect(done.body).toEqual({ message: 'success' });
    const reused = await b.post('/auth/confirm-forgot-password', {
      username: 'reset@example.com',
      code,
      password: 'Other-Ledger-99',
      confirmPassword: 'Other-Ledger-99',
    });
    expect(reused.body.data.message).toMatch(/^This code has expired/);
    expect((await old.post('/auth/refresh-token', { username: 'reset@example.com' })).status).toBe(403);
    expect((await b.post('/auth/login', { username: 'reset@example.com', password: PASSWORD })).status).toBe(401);
    expect((await b.post('/auth/login', { username: 'reset@example.com', password: 'New-Ledger-77' })).status).toBe(
      200,
    );
  });

  it('shows the reset form messages word for word', async () => {
    const res = await room.browser().post('/auth/confirm-forgot-password', {
      username: '',
      code: '',
      password: '',
      confirmPassword: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual({
      username: 'Email is requiured',
      code: 'one time code is required',
      password: 'Password is required',
      confirmPassword: 'Re-enter password',
    });
  });
});
