import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { renderPage } from './render-page';
import { SignUpPage } from './sign-up-page';

const renderSignUp = () => renderPage('/sign-up', SignUpPage);

afterEach(() => {
  vi.unstubAllEnvs();
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
  expect(screen.getByText('Phone number is required')).toBeTruthy();
  expect(screen.getByText('Email is required')).toBeTruthy();
  expect(screen.getAllByText('This field is required')).toHaveLength(5);
  await userEvent.type(screen.getByLabelText('Phone'), '5551234567');
  expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('(555) 123-4567');
  await userEvent.type(screen.getByLabelText('Password'), 'abcdefgh1!');
  expect(screen.getByText('Password strength: Excellent')).toBeTruthy();
});
