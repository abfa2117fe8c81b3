import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_SESSION } from '@portal/libs';
import { accountApi } from '../../lib/account-api';
import { json, stubFetch, type Call } from '../../lib/fetch-stub.test-support';
import { loadPhoneLibrary } from '../../lib/phone';
import { renderPage } from './render-page';
import { SignUpPage } from './sign-up-page';

const renderSignUp = () => renderPage('/sign-up', SignUpPage);
// Every test's network stubbed: a page's session read that reached no server would be tried again seconds
// later, into a later test's stub, and counted among that test's calls.
const net = stubFetch();

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

it.each(['', '   '])('has no review widget box when no widget id is configured (%j)', async (id) => {
  vi.stubEnv('VITE_REVIEW_WIDGET_ID', id);
  const { container } = renderSignUp();
  await screen.findByText('Trusted by 3,000+ business owners');
  expect(container.querySelector('.review-widget')).toBeNull();
});

it('gives a configured review widget its slot', async () => {
  vi.stubEnv('VITE_REVIEW_WIDGET_ID', 'fundwise-reviews');
  const { container } = renderSignUp();
  await screen.findByText('Trusted by 3,000+ business owners');
  expect(container.querySelector('.review-widget')?.getAttribute('data-widget-id')).toBe('fundwise-reviews');
});

it('shows the required-field messages on an empty submit, and the strength meter', async () => {
  renderSignUp();
  await screen.findByRole('heading', { name: 'Apply for a Business Loan' });
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  // The phone library comes once the page has shown; the form is judged once it is here.
  expect(await screen.findByText('Phone number is required')).toBeTruthy();
  expect(screen.getByText('Email is required')).toBeTruthy();
  expect(screen.getAllByText('This field is required')).toHaveLength(5);
  await userEvent.type(screen.getByLabelText('Phone'), '2125550123');
  expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('(212) 555-0123');
  await userEvent.type(screen.getByLabelText('Password'), 'abcdefgh1!');
  expect(screen.getByText('Password strength: Excellent')).toBeTruthy();
});

const phone = () => screen.getByLabelText('Phone') as HTMLInputElement;

it('reads a phone typed or pasted in any form as one number ((151) 455-5010 once), and sends its E.164', async () => {
  const register = vi
    .spyOn(accountApi, 'register')
    .mockResolvedValue({ destination: 'a***@example.com', deliveryMedium: 'EMAIL', userName: 'ada@example.com' });
  renderSignUp();
  await screen.findByRole('heading', { name: 'Apply for a Business Loan' });
  await loadPhoneLibrary();
  for (const typed of ['+1 (514) 555-0100', '+15145550100', '1-514-555-0100']) {
    await userEvent.clear(phone());
    await userEvent.type(phone(), typed);
    expect(phone().value, typed).toBe('(514) 555-0100');
    await userEvent.clear(phone());
    await userEvent.click(phone());
    await userEvent.paste(typed);
    expect(phone().value, typed).toBe('(514) 555-0100');
  }
  await userEvent.type(screen.getByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
  await userEvent.type(screen.getByLabelText('Business name'), 'Analytical Engines');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse 9!');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'correct horse 9!');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(register).toHaveBeenCalledOnce());
  expect(register.mock.calls[0]![0]).toMatchObject({ phone: '+15145550100' });
});

it('refuses a number of another country with advice, shown as it was pasted', async () => {
  renderSignUp();
  await screen.findByRole('heading', { name: 'Apply for a Business Loan' });
  await loadPhoneLibrary();
  await userEvent.click(phone());
  await userEvent.paste('+44 20 7946 0958');
  expect(phone().value).toBe('+44 20 7946 0958');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(
    await screen.findByText(
      'Please enter a US or Canadian phone number, like (514) 555-0100. Numbers from other countries are not accepted.',
    ),
  ).toBeTruthy();
});

describe('the code step', () => {
  const ada = { _id: 'u-1', email: 'ada@example.com', applications: [{ _id: 'app-1', stage: { path: '/business' } }] };
  /** The api as the page meets it: signed out until the code's answer starts the session. */
  const api = (c: Call) => {
    if (c.url.endsWith('/auth/register'))
      return json(201, { destination: 'a***@example.com', deliveryMedium: 'EMAIL', userName: 'ada@example.com' });
    if (c.url.endsWith('/auth/confirm-signup'))
      return json(200, { $metadata: { httpStatusCode: 200 }, username: 'ada@example.com', data: ada });
    return json(403, { name: 'ForbiddenException', message: 'Forbidden', data: { code: NO_SESSION } });
  };

  it('starts the session from the code’s answer: the page it names, and no read of the session after', async () => {
    net.answers.push(...Array.from({ length: 20 }, () => api));
    const { router } = renderSignUp();
    await screen.findByRole('heading', { name: 'Apply for a Business Loan' });
    await loadPhoneLibrary();
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Business name'), 'Analytical Engines');
    await userEvent.type(phone(), '5145550100');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse 9!');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'correct horse 9!');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('Confirmation code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/business'), { timeout: 5000 });
    const calls = net.calls.map((c) => `${c.method} ${c.url}`);
    expect(calls.slice(calls.indexOf('POST /api/auth/confirm-signup'))).toEqual(['POST /api/auth/confirm-signup']);
  });
});
