/**
 * Every journey form keeps a draft of what was typed, per user, application and
 * step, in localStorage; it is laid over the saved answers when the step shows again (a reload, a new
 * login), never holds SSN/SIN, tax id or birth date, is dropped once the step is saved, and is never shown
 * to another user. The network is stubbed at fetch; the pages, the hook and the storage are the real ones.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusinessView, OwnerSetView } from '../../lib/journey/journey-api';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { refreshSession } from '../../lib/session';
import { FinancialPage } from './financial-page';
import { OwnersPage } from './owners-page';
import { changedFields, mergeDraft } from './use-draft';

const ada = applicantAt({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial' });
const eve = { ...applicantAt({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial' }), _id: 'u-2' };
const business: BusinessView = {
  _id: 'b-1',
  applicationId: 'app-1',
  annualRevenue: 900000,
  amountRequested: 50000,
  addressData: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
};
const savedOwners: OwnerSetView = {
  _id: 'os-1',
  applicationId: 'app-1',
  businessId: 'b-1',
  owners: [],
  sameAsBusinessInfo: false,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let patches: { url: string; body: unknown }[] = [];

beforeEach(() => {
  localStorage.clear();
  patches = [];
  document.cookie = 'XSRF-TOKEN=tok-1; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'PATCH') {
        patches.push({ url, body: JSON.parse(String(init.body)) });
        return url.includes('/stage/') ? json(200, {}) : json(200, business);
      }
      if (url.endsWith('/business/application/app-1')) return json(200, business);
      if (url.endsWith('/owner/application/app-1')) return json(200, savedOwners);
      if (url.endsWith('/auth/user')) return json(200, { data: eve });
      return json(200, {});
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const drafts = () => Object.keys(localStorage).filter((k) => k.startsWith('draft:'));

describe('journey drafts', () => {
  it('keeps what was typed on /financial and lays it over the saved answers when the step shows again', async () => {
    renderJourneyPage(<FinancialPage />, ada);
    const revenue = await screen.findByLabelText('Annual revenue');
    await act(() => userEvent.clear(revenue));
    await act(() => userEvent.type(revenue, '1250000'));
    expect(drafts()).toEqual(['draft:v1:u-1:app-1:financial']);
    cleanup();

    renderJourneyPage(<FinancialPage />, ada);
    expect(await screen.findByLabelText('Annual revenue')).toHaveProperty('value', '$1,250,000');
    // The field the draft does not hold shows the saved answer.
    expect(screen.getByLabelText('Amount requested')).toHaveProperty('value', '$50,000');
  });

  it('is dropped once the step is saved', async () => {
    renderJourneyPage(<FinancialPage />, ada);
    const revenue = await screen.findByLabelText('Annual revenue');
    await act(() => userEvent.clear(revenue));
    await act(() => userEvent.type(revenue, '1250000'));
    expect(drafts()).toHaveLength(1);
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await waitFor(() => expect(patches.some((p) => p.url.includes('/business/b-1'))).toBe(true));
    await waitFor(() => expect(drafts()).toEqual([]));
  });

  it('never holds the SSN or the birth date, and restores the rest of an owner card', async () => {
    renderJourneyPage(<OwnersPage />, ada);
    const first = await screen.findByLabelText('First name', {}, { timeout: 10_000 });
    await act(() => userEvent.type(first, 'Grace'));
    await act(() => userEvent.type(screen.getByLabelText('SSN'), '123456789'));
    await act(() => userEvent.type(screen.getByLabelText('Date of birth'), '1980-01-02'));
    const stored = JSON.stringify(localStorage);
    expect(stored).toContain('Grace');
    expect(stored).not.toMatch(/6789|1980/);
    cleanup();

    renderJourneyPage(<OwnersPage />, ada);
    expect(await screen.findByLabelText('First name')).toHaveProperty('value', 'Grace');
    expect(screen.getByLabelText('SSN')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Date of birth')).toHaveProperty('value', '');
  }, 30_000);

  it('is never shown to another user, and another user signing in removes it', async () => {
    renderJourneyPage(<FinancialPage />, ada);
    const revenue = await screen.findByLabelText('Annual revenue');
    await act(() => userEvent.clear(revenue));
    await act(() => userEvent.type(revenue, '1250000'));
    cleanup();

    renderJourneyPage(<FinancialPage />, eve);
    expect(await screen.findByLabelText('Annual revenue')).toHaveProperty('value', '$900,000');
    cleanup();
    await refreshSession(new QueryClient());
    expect(drafts()).toEqual([]);
  });
});

describe('mergeDraft and changedFields', () => {
  it('keeps only changed fields, and merges cards by place over the saved ones', () => {
    const saved = { a: '1', owners: [{ first: 'A', ssn: '*****6789' }] };
    expect(changedFields({ a: '1', owners: [{ first: 'B', ssn: '' }] }, saved)).toEqual({
      owners: [{ first: 'B', ssn: '' }],
    });
    expect(mergeDraft(saved, { owners: [{ first: 'B' }, { first: 'C' }], unknown: 'x' })).toEqual({
      a: '1',
      owners: [
        { first: 'B', ssn: '*****6789' },
        { first: 'C', ssn: '' },
      ],
    });
  });
});
