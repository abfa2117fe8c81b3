/**
 * The same application open in two windows: each save sends the revision of the answers its form shows,
 * and a save from the window showing older answers is refused (409 ANSWERS_CHANGED, with the answers as
 * saved now). The form then shows those answers and says why; its next save is made from them. The network
 * is stubbed at fetch; the pages, the hooks, the http client and the cache are the real ones.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOURNEY_CODES, messageText } from '@portal/libs';
import { frCA } from '../../i18n/fr-ca';
import { addWords, translator } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/use-message';
import type { BusinessView, OwnerSetView } from '../../lib/journey/journey-api';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { FinancialPage } from './financial-page';
import { OwnersPage } from './owners-page';

const stage = { pageName: 'FINANCIAL', pageStep: 1, path: '/financial' };
const ada = applicantAt(stage);
const business: BusinessView = {
  _id: 'b-1',
  applicationId: 'app-1',
  annualRevenue: 500000,
  amountRequested: 50000,
  revision: 3,
};
/** What the other window saved: the api's answer to the refused save carries it. */
const newer: BusinessView = { ...business, annualRevenue: 900000, revision: 4 };
let owners: OwnerSetView;
const noOwners: OwnerSetView = {
  _id: 'os-1',
  applicationId: 'app-1',
  businessId: 'b-1',
  sameAsBusinessInfo: false,
  owners: [],
  revision: 0,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const answersChanged = (current: unknown) =>
  json(409, {
    statusCode: 409,
    name: 'HttpException',
    message: messageText(JOURNEY_CODES.ANSWERS_CHANGED),
    data: {
      message: messageText(JOURNEY_CODES.ANSWERS_CHANGED),
      messageCode: JOURNEY_CODES.ANSWERS_CHANGED,
      code: 'ANSWERS_CHANGED',
      current,
    },
  });

type Save = { url: string; body: Record<string, unknown> };
let saves: Save[];
/** The answers to the next saves of the answers, in turn; then each save is answered as written. */
let answers: Response[];
/** How the stage moves are answered (503: the journey stays on the page). */
let stageStatus: number;

beforeEach(() => {
  localStorage.clear();
  owners = noOwners;
  saves = [];
  answers = [];
  stageStatus = 200;
  document.cookie = 'XSRF-TOKEN=tok-1; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'PATCH' && !url.includes('/stage/')) {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        saves.push({ url, body });
        const sent = Number(body.revision);
        return answers.shift() ?? json(200, { ...newer, ...body, revision: sent + 1 });
      }
      if (url.includes('/stage/'))
        return stageStatus === 200
          ? json(200, { ...stage, pageName: 'BUSINESS', path: '/business' })
          : json(stageStatus, { statusCode: stageStatus, message: 'Unavailable', data: { message: 'Unavailable' } });
      if (url.endsWith('/business/application/app-1')) return json(200, business);
      if (url.endsWith('/owner/application/app-1')) return json(200, owners);
      return json(200, {});
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a save from a window showing older answers', () => {
  it('sends the revision it loaded; refused, it shows the newer answers and the message, and saves from them next', async () => {
    answers.push(answersChanged(newer));
    const { queryClient } = renderJourneyPage(<FinancialPage />, ada);
    const revenue = await screen.findByLabelText('Annual revenue', {}, { timeout: 10_000 });
    await act(() => userEvent.clear(revenue));
    await act(() => userEvent.type(revenue, '500001'));
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Continue' })));

    expect((await screen.findByRole('alert')).textContent).toBe('This was changed in another window');
    expect(saves[0]!.body).toMatchObject({ annualRevenue: 500001, revision: 3 });
    // The other window's answers, not what was typed over the older ones: in the form, the cache and the draft.
    expect(screen.getByLabelText('Annual revenue')).toHaveProperty('value', '$900,000');
    expect(queryClient.getQueryData(['business', 'app-1'])).toMatchObject({ annualRevenue: 900000, revision: 4 });
    expect(Object.keys(localStorage).filter((k) => k.startsWith('draft:'))).toEqual([]);

    // Saved again from the newer answers: it goes through, and the journey moves on.
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.body).toMatchObject({ annualRevenue: 900000, revision: 4 });
  });

  it('a save after a save in the same window sends the revision the first one answered', async () => {
    stageStatus = 503;
    const { queryClient } = renderJourneyPage(<FinancialPage />, ada);
    const button = await screen.findByRole('button', { name: 'Continue' }, { timeout: 10_000 });
    await act(() => userEvent.click(button));
    await waitFor(() => expect(saves).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryData(['business', 'app-1'])).toMatchObject({ revision: 4 }));
    // The journey could not move on: the page stays, and the applicant saves again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false));
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves.map((s) => s.body.revision)).toEqual([3, 4]);
  });

  it('on /owners, shows the owners the other window saved, masks and all, and saves from them next', async () => {
    // As the api answers a saved owner: the SSN and the birth date masked.
    const adaOwner = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      ownerEmailId: 'ada@example.com',
      phoneNumber: '(212) 555-0123',
      dateOfBirth: '****-**-**',
      ssn: '*****6789',
      ownershipPercent: 100,
      creditReport: 700,
      isUSCitizen: 'Yes' as const,
      addressData: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    };
    owners = { ...owners, revision: 2, owners: [adaOwner] };
    const grace = { ...adaOwner, firstName: 'Grace', lastName: 'Hopper', ssn: '*****4321' };
    answers.push(answersChanged({ ...owners, revision: 3, owners: [grace] }));
    renderJourneyPage(<OwnersPage />, applicantAt({ pageName: 'OWNERS', pageStep: 1, path: '/owners' }));
    const proceed = await screen.findByRole('button', { name: 'Proceed' }, { timeout: 10_000 });
    await act(() => userEvent.click(proceed));

    expect((await screen.findByRole('alert')).textContent).toBe('This was changed in another window');
    expect(saves[0]!.body).toMatchObject({ revision: 2, owners: [{ firstName: 'Ada' }] });
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Grace');
    expect(screen.getByLabelText('Last name')).toHaveProperty('value', 'Hopper');

    // The newer owner's masks are the ones on file now: sent back untouched, they pass the form's rules.
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Proceed' })));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.body).toMatchObject({ revision: 3, owners: [{ firstName: 'Grace', ssn: '*****4321' }] });
  });

  it('is worded in French too', () => {
    addWords('fr-CA', frCA);
    expect(translateMessage(translator('fr-CA'), JOURNEY_CODES.ANSWERS_CHANGED)).toBe(
      'Ces réponses ont été modifiées dans une autre fenêtre',
    );
    expect(translateMessage(translator('en'), JOURNEY_CODES.ANSWERS_CHANGED)).toBe(
      'This was changed in another window',
    );
  });
});
