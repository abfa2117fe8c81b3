/**
 * Every journey form keeps a draft of what was typed, per application and page, on the api (PUT
 * /draft/{application}/{page} once typing pauses), never in the browser's storage; the api's draft is laid
 * over the saved answers when the page shows again (a reload, a new login, another device), and dropped
 * by the api with the step's save, which the page sends once its draft saves have landed. The network is
 * stubbed at fetch (an in-memory drafts api that drops a page's draft when its step is saved, as the api
 * does); the pages, the hook and the storage are the real ones.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusinessView, OwnerSetView } from '../../lib/journey/journey-api';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { noteSessionEnded, storeUserName } from '../../lib/storage';
import { holdFor } from '../../../../tests/support/until';
import { FinancialPage } from './financial-page';
import { OwnersPage } from './owners-page';
import { changedFields, maskedFromDraft, mergeDraft } from '../../lib/journey/use-draft';

const ada = applicantAt({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial' });
const business: BusinessView = {
  _id: 'b-1',
  applicationId: 'app-1',
  annualRevenue: 900000,
  amountRequested: 50000,
  businessEmail: 'office@example.com',
  phoneNumber: '(212) 555-0101',
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
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
/** The api's drafts, by path, as it answers them (a test seeds masked values as the api would mask them). */
let drafts: Map<string, Record<string, unknown>>;
let calls: { method: string; url: string; body?: unknown }[] = [];
/** While set, draft saves are answered only once it resolves (a slow line). */
let draftLine: Promise<void> | undefined;
/** While set, the steps' saves fail (the api answers 500). */
let savesFail = false;
/** The page whose draft a business section's save drops on the api. */
const PAGE_OF: Record<string, string> = {
  financial: 'financial',
  question: 'businessQuestion',
  details: 'businessDetails',
};

beforeEach(() => {
  localStorage.clear();
  drafts = new Map();
  calls = [];
  draftLine = undefined;
  savesFail = false;
  document.cookie = 'XSRF-TOKEN=tok-1; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      const draft = /\/draft\/(.+)$/.exec(url)?.[1];
      if (draft && method === 'PUT') await draftLine;
      if (draft && method === 'PUT') drafts.set(draft, body!.fields as Record<string, unknown>);
      if (draft && method === 'DELETE') drafts.delete(draft);
      if (draft) return method === 'GET' ? json(200, { fields: drafts.get(draft) ?? {} }) : json(204, undefined);
      if (method === 'PATCH' && url.includes('/stage/')) return json(200, {});
      if (method === 'PATCH' && savesFail) return json(500, { statusCode: 500, message: 'Internal server error' });
      // A step saved: the api drops the page's draft with it.
      if (method === 'PATCH' && url.includes('/owner/')) drafts.delete('app-1/owners');
      if (method === 'PATCH' && url.includes('/owner/')) return json(200, savedOwners);
      if (method === 'PATCH') drafts.delete(`app-1/${PAGE_OF[String(body?.section)]}`);
      if (method === 'PATCH') return json(200, business);
      if (url.endsWith('/business/application/app-1')) return json(200, business);
      if (url.endsWith('/owner/application/app-1')) return json(200, savedOwners);
      return json(200, {});
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saves = (page: string) => calls.filter((c) => c.method === 'PUT' && c.url.endsWith(`/draft/app-1/${page}`));

describe('journey drafts, kept by the api', () => {
  it('saves what was typed on /financial to the api, not the browser, and lays it over the saved answers', async () => {
    storeUserName('ada@example.com');
    renderJourneyPage(<FinancialPage />, ada);
    const revenue = await screen.findByLabelText('Annual revenue');
    await act(() => userEvent.clear(revenue));
    await act(() => userEvent.type(revenue, '1250000'));
    await waitFor(() => expect(drafts.get('app-1/financial')).toBeDefined(), { timeout: 3000 });
    // Typing pauses once: one save, not one per keystroke.
    expect(saves('financial')).toHaveLength(1);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('draft:'))).toEqual([]);
    expect(JSON.stringify(localStorage)).not.toMatch(/1250000|1,250,000/);
    cleanup();

    renderJourneyPage(<FinancialPage />, ada);
    // The number field shows a value given by the form's reset on its next render: wait for it, not for the field.
    const shown = await screen.findByLabelText('Annual revenue');
    await waitFor(() => expect(shown).toHaveProperty('value', '$1,250,000'), { timeout: 5000 });
    // The field the draft does not hold shows the saved answer.
    expect(screen.getByLabelText('Amount requested')).toHaveProperty('value', '$50,000');
  });

  it("is dropped by the api with the step's save: the web sends no removal", async () => {
    renderJourneyPage(<FinancialPage />, ada);
    const revenue = await screen.findByLabelText('Annual revenue');
    await act(() => userEvent.clear(revenue));
    await act(() => userEvent.type(revenue, '1250000'));
    await waitFor(() => expect(drafts.size).toBe(1), { timeout: 3000 });
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/stage/'))).toBe(true));
    expect(calls.filter((c) => c.method === 'PATCH' && c.url.includes('/business/b-1'))).toHaveLength(1);
    expect(drafts.size).toBe(0);
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('sends the save once the draft save on its way has landed, and never the one typing left waiting', async () => {
    let release = () => {};
    draftLine = new Promise((r) => (release = r));
    renderJourneyPage(<FinancialPage />, ada);
    const revenue = await screen.findByLabelText('Annual revenue');
    await act(() => userEvent.clear(revenue));
    await act(() => userEvent.type(revenue, '1250000'));
    await waitFor(() => expect(saves('financial')).toHaveLength(1), { timeout: 3000 });
    // Typed on while that draft save is on its way, then saved at once (in one go: typing's pause of 800 ms ran
    // out between a typed key and a click on a busy machine): this typing waits for its pause.
    act(() => {
      fireEvent.change(revenue, { target: { value: '$12,500,000' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    await holdFor(1200, 'a save sent before the draft save landed, or the waiting draft save, would go out now');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    expect(saves('financial')).toHaveLength(1);

    await act(async () => release());
    await waitFor(() => expect(calls.some((c) => c.url.includes('/stage/'))).toBe(true));
    const save = calls.find((c) => c.method === 'PATCH' && c.url.includes('/business/b-1'));
    expect(save?.body).toMatchObject({ annualRevenue: 12500000 });
    // The api dropped the draft with the save; nothing came after it to bring it back.
    await holdFor(1200, 'a draft save after the step was saved would go out within this window');
    expect(saves('financial')).toHaveLength(1);
    expect(drafts.size).toBe(0);
  }, 15_000);

  it('is kept when the save fails, with what was typed before and after it', async () => {
    savesFail = true;
    renderJourneyPage(<FinancialPage />, ada);
    const revenue = await screen.findByLabelText('Annual revenue');
    await act(() => userEvent.clear(revenue));
    await act(() => userEvent.type(revenue, '1250000'));
    // Saved before typing paused: the draft save waits for the save, then goes since the save failed.
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.url.includes('/business/b-1'))).toBe(true));
    await waitFor(() => expect(drafts.get('app-1/financial')).toEqual({ annualRevenue: '$1,250,000' }), {
      timeout: 3000,
    });
    await act(() => userEvent.type(revenue, '0'));
    await waitFor(() => expect(drafts.get('app-1/financial')).toEqual({ annualRevenue: '$12,500,000' }), {
      timeout: 3000,
    });
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(calls.some((c) => c.url.includes('/stage/'))).toBe(false);
  });

  it('leaves no personal data in localStorage, after the draft is saved and after the session ends', async () => {
    storeUserName('ada@example.com');
    // Left by an earlier version, in clear: removed when the session ends.
    localStorage.setItem('draft:v1:u-1:app-1:owners', JSON.stringify({ fields: { owners: [{ firstName: 'Old' }] } }));
    renderJourneyPage(<OwnersPage />, ada);
    const first = await screen.findByLabelText('First name', {}, { timeout: 10_000 });
    await act(() => userEvent.type(first, 'Grace'));
    await act(() => userEvent.type(screen.getByLabelText('Home address'), '12 Orbit Way'));
    await act(() => userEvent.type(screen.getByLabelText('SSN'), '123456789'));
    await waitFor(() => expect(JSON.stringify(drafts.get('app-1/owners'))).toContain('123-45-6789'), {
      timeout: 3000,
    });
    const personal = /Grace|Orbit|6789/;
    expect(JSON.stringify(localStorage)).not.toMatch(personal);

    noteSessionEnded();
    expect(Object.keys(localStorage).sort()).toEqual(['sessionEnded']);
    expect(localStorage.getItem('sessionEnded')).toBe('true');
    expect(JSON.stringify(localStorage)).not.toMatch(/Grace|Orbit|6789|ada@|Old/);
  }, 30_000);

  it('restores an owner card from the api: masked SSN and birth date kept and explained, same-as-business ticked', async () => {
    drafts.set('app-1/owners', {
      sameAsBusinessInfo: true,
      owners: [
        {
          firstName: 'Katherine',
          lastName: 'Johnson',
          country: 'US',
          address: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          ownerEmailId: 'office@example.com',
          phoneNumber: '(212) 555-0101',
          ownershipPercent: '100',
          creditReport: '760',
          isUSCitizen: 'Yes',
          ssn: '***-**-6789',
          dateOfBirth: '****-**-**',
        },
      ],
    });
    renderJourneyPage(<OwnersPage />, ada);
    expect(await screen.findByLabelText('First name', {}, { timeout: 10_000 })).toHaveProperty('value', 'Katherine');
    expect(screen.getByLabelText('Last name')).toHaveProperty('value', 'Johnson');
    expect(screen.getByLabelText('SSN')).toHaveProperty('value', '***-**-6789');
    expect(screen.getByLabelText('Date of birth')).toHaveProperty('value', '****-**-**');
    expect(screen.getByRole('checkbox', { name: 'Same as business information' })).toHaveProperty('checked', true);
    expect(screen.getAllByText(/Kept from your unsaved answers/)).toHaveLength(2);

    // The masks are answers: the step is sent with them, for the api to put the kept values behind them.
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Proceed' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.url.endsWith('/owner/os-1'))).toBe(true));
    const sent = calls.find((c) => c.method === 'PATCH' && c.url.endsWith('/owner/os-1'))?.body as {
      owners: Record<string, unknown>[];
    };
    expect(sent.owners[0]).toMatchObject({ ssn: '***-**-6789', dateOfBirth: '****-**-**', firstName: 'Katherine' });
  }, 30_000);
});

describe('mergeDraft, changedFields and maskedFromDraft', () => {
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

  it('names the masks the draft brought that are not the saved ones', () => {
    const saved = { owners: [{ ssn: '*****6789', dateOfBirth: '' }] };
    const draft = { owners: [{ ssn: '*****6789', dateOfBirth: '****-**-**' }, { ssn: '***-**-1234' }] };
    expect(maskedFromDraft(draft, saved)).toEqual(['owners.0.dateOfBirth', 'owners.1.ssn']);
  });
});
