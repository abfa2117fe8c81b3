/**
 * 'Send … their invitation to sign again' on /status: focus stays on the button through the send (a
 * disabled button dropped it to <body>), and the outcome is said in a live region that was already there.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/http';
import { HttpError } from '../../lib/http-error';
import { renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { StatusPage } from './status-page';
import { AT_SIGNATURE, AWAITING_CO_OWNER } from './status.test-support';

const progress = AWAITING_CO_OWNER;
const user = AT_SIGNATURE;

afterEach(() => vi.restoreAllMocks());

/** The status page, its progress answered and the resend's answer held until `answer` is called. */
async function renderStatus(outcome: () => Promise<unknown>) {
  vi.spyOn(api, 'get').mockResolvedValue(progress);
  let answer = () => undefined as void;
  const post = vi
    .spyOn(api, 'post')
    .mockImplementation(() => new Promise((resolve, reject) => (answer = () => void outcome().then(resolve, reject))));
  renderJourneyPage(<StatusPage />, user);
  const button = await screen.findByRole('button', { name: 'Send Grace Hopper their invitation to sign again' });
  const region = screen.getByRole('status');
  return { button, region, post, answer: () => act(async () => answer()) };
}

describe('/status: resending the invitation', () => {
  it('keeps focus on the button and says it was sent in the live region', async () => {
    const { button, region, post, answer } = await renderStatus(() => Promise.resolve({}));
    expect(region.textContent).toBe('');
    await userEvent.click(button);
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // Pressed again while sending: nothing more is sent.
    await userEvent.click(button);
    expect(post).toHaveBeenCalledTimes(1);
    await answer();
    await waitFor(() => expect(region.textContent).toBe('The invitation to sign was sent again to Grace Hopper.'));
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBeNull();
    // The same region, still on the page: it is the one that was listened to before the outcome came.
    expect(screen.getByRole('status')).toBe(region);
  });

  it('says a refusal in the same region, focus still on the button', async () => {
    const { button, region, answer } = await renderStatus(() =>
      Promise.reject(new HttpError(409, 'No co-owner is waiting to sign.')),
    );
    await userEvent.click(button);
    await answer();
    await waitFor(() => expect(region.textContent).toBe('No co-owner is waiting to sign.'));
    expect(document.activeElement).toBe(button);
  });
});
