/**
 * A save is one action with one Idempotency-Key, from the click through its automatic
 * retries and a press again after a network error, so the server stores the answers once.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdFor } from '../../../../tests/support/until';
import { FinancialPage } from './financial-page';
import { journeyApi, type BusinessView } from '../../lib/journey/journey-api';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';

const stage = { pageName: 'FINANCIAL', pageStep: 1, path: '/financial' };
const user = applicantAt(stage);
const business: BusinessView = { _id: 'b-1', applicationId: 'app-1', annualRevenue: 1200000, amountRequested: 150000 };

type Call = { url: string; method: string; key?: string };
let calls: Call[];
/** What the network does with each PATCH of the business, in turn; then it answers. */
let saves: ('down' | 'hang')[];

beforeEach(() => {
  calls = [];
  saves = [];
  document.cookie = 'XSRF-TOKEN=tok-1; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call = { url, method: init.method ?? 'GET', key: headers['Idempotency-Key'] };
      calls.push(call);
      if (call.method === 'PATCH' && url.endsWith('/business/b-1')) {
        const next = saves.shift();
        if (next === 'down') throw new TypeError('Failed to fetch');
        if (next === 'hang') await holdFor(300, 'a slow line: the window in which a second click lands');
        return new Response(JSON.stringify(business), { status: 200 });
      }
      return new Response(JSON.stringify({ ...stage, pageName: 'BUSINESS', path: '/business' }), { status: 200 });
    }),
  );
  vi.spyOn(journeyApi, 'business').mockResolvedValue(business);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderFinancial = () => renderJourneyPage(<FinancialPage />, user);

const businessSaves = () => calls.filter((c) => c.method === 'PATCH' && c.url.endsWith('/business/b-1'));

describe('saving a step sends one key per action', () => {
  it('a network error is retried with the same key, and the save lands once', async () => {
    saves.push('down');
    renderFinancial();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(businessSaves()).toHaveLength(2), { timeout: 3000 });
    const [first, retry] = businessSaves();
    expect(first!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(retry!.key).toBe(first!.key);
  });

  it('a double click while the save is in flight sends one save (the button is busy; a second call would share the key, see lib/idempotency.test.ts)', async () => {
    saves.push('hang', 'hang');
    renderFinancial();
    const button = await screen.findByRole('button', { name: 'Continue' });
    await Promise.all([userEvent.click(button), userEvent.click(button)]);
    await waitFor(() => expect(businessSaves().length).toBeGreaterThan(0));
    await holdFor(400, 'a second save, were one sent, would have gone out within this window');
    expect(businessSaves()).toHaveLength(1);
    expect(businessSaves()[0]!.key).toMatch(/^[0-9a-f]{32}$/);
  });
});
