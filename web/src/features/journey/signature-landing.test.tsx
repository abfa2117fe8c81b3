/**
 * Back from the signer's page (isFinished): the page waits for the server to hear the signature, and the
 * workflow moves the journey on to the bank statements when it hears the last one. The status read's answer
 * says where: the page lands there with no stage move of its own. An answer still on the signature (a run
 * from before the workflow moved it) is followed by the move, as before.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { api } from '../../lib/http';
import { storeSignatureId } from '../../lib/storage';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { SignaturePage } from './signature-page';

const SIGNATURE = { pageName: 'SIGNATURE', pageStep: 1, path: '/signature' };
const STATEMENTS = { pageName: 'DOCUMENTS', pageStep: 1, path: '/bank-statements' };
const signedAnswer = (stage: typeof SIGNATURE) => ({
  data: {
    id: 'sr-1',
    status: 'signed',
    signed: true,
    signers: [{ email: 'ada@example.com', order: 1, decision: 'signed', embedUrl: null }],
    stage,
  },
});

beforeEach(() => {
  window.history.replaceState(null, '', '/signature?isFinished=true');
  storeSignatureId('sr-1');
});

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

it('lands on the bank statements where the signature’s status says the journey went, asking no move', async () => {
  const get = vi.spyOn(api, 'get').mockResolvedValue(signedAnswer(STATEMENTS));
  const post = vi.spyOn(api, 'post').mockReturnValue(new Promise(() => undefined));
  const { journey } = renderJourneyPage(<SignaturePage />, applicantAt(SIGNATURE));
  await waitFor(() => expect(journey.getSnapshot().context.route).toBe('/bank-statements'));
  expect(journey.getSnapshot().context).toMatchObject({ position: STATEMENTS, at: STATEMENTS, signed: true });
  expect(get).toHaveBeenCalledWith('/box/sr-1');
  expect(post).not.toHaveBeenCalled();
  expect(await screen.findByText('Your application is signed. Continue to upload your bank statements.')).toBeTruthy();
});

it('asks the move when the status still says the signature (a run from before the workflow moved it)', async () => {
  vi.spyOn(api, 'get').mockResolvedValue(signedAnswer(SIGNATURE));
  const post = vi.spyOn(api, 'post').mockResolvedValue(STATEMENTS);
  const { journey } = renderJourneyPage(<SignaturePage />, applicantAt(SIGNATURE));
  await waitFor(() => expect(journey.getSnapshot().context.route).toBe('/bank-statements'));
  expect(post.mock.calls.map(([path]) => path)).toEqual(['/stage/app-1/next']);
  await act(async () => undefined);
});
