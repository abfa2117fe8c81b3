/**
 * /bank-statements' requests: the file list is read once when the page shows; an upload's or a removal's
 * answer changes the list in place, and Proceed counts the months on it, reading it again only when a month
 * is missing there (another device may have sent it). The submission names the statements counted, and is
 * refused when the api holds others; its answer carries what the session needs, so neither is read again.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { FILE_CODES, messageText, statementMonths } from '@portal/libs';
import { loadLanguage } from '../../i18n/i18n';
import type { UploadedFile } from '../../lib/documents-api';
import { fakeApi, Refusal } from '../../lib/fake-api.test-support';
import { applicantAt, businessOf, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { sessionQueryOptions } from '../../lib/session';
import { BankStatementsPage } from './bank-statements-page';

const business = businessOf();
const months = statementMonths(business.addressData?.state, new Date());
const statement = (month: string, n: number): UploadedFile => ({
  _id: `f${n}`,
  fileName: `${month}.pdf`,
  fileType: 'Bank Statement' as const,
  monthLabel: month,
  size: 20480,
  advice: [],
});
const LIST = 'GET /file/application/app-1';
const SESSION = 'GET /auth/user';

/** What the api holds: every month's statement but the first's, then what this page uploads. */
let files = months.slice(1).map((m, i) => statement(m, i + 2));
/** The statements each submission said it counted. */
let submissions: unknown[] = [];
const CHANGED = new Refusal(409, {
  statusCode: 409,
  message: messageText(FILE_CODES.statementsChanged),
  data: { message: messageText(FILE_CODES.statementsChanged), messageCode: FILE_CODES.statementsChanged },
});
const SUBMIT = 'POST /application/app-1/submit-statements';
const net = fakeApi(() => ({
  'GET /business/application/app-1': () => business,
  [LIST]: () => files,
  'GET /bank/application/app-1': () => ({ state: 'none' }),
  'POST /file/s3': () => {
    const uploaded: UploadedFile = { ...statement(months[0]!, 1), advice: [{ code: 'encrypted' }] };
    files = [...files, uploaded];
    return uploaded;
  },
  'DELETE /file/f2': () => {
    files = files.filter((f) => f._id !== 'f2');
    return undefined;
  },
  // As the api judges it: the statements the page counted must be the ones it holds.
  [SUBMIT]: (body) => {
    submissions.push(body);
    const held = files.map((f) => f._id).sort();
    if (JSON.stringify([...(body as { seen: string[] }).seen].sort()) !== JSON.stringify(held)) return CHANGED;
    return {
      statementsSubmitted: true,
      sfOpportunityId: 'opp-1',
      stage: { applicationId: 'app-1', pageName: 'DOCUMENTS', pageStep: 2, path: '/offers', isPdfSent: true },
    };
  },
}));
afterEach(() => {
  files = months.slice(1).map((m, i) => statement(m, i + 2));
  submissions = [];
});

const at = applicantAt({ pageName: 'DOCUMENTS', pageStep: 1, path: '/bank-statements' });
const pdf = () => new File(['%PDF-1.4\n'], 'mine.pdf', { type: 'application/pdf' });

it('shows an upload from its answer, advice included, without reading the list again', async () => {
  await act(() => loadLanguage('en'));
  renderJourneyPage(<BankStatementsPage />, at);
  await screen.findByText(`${months[1]}.pdf`);
  expect(net.count(LIST)).toBe(1);
  fireEvent.change(screen.getByLabelText(`${months[0]} PDF`), { target: { files: [pdf()] } });
  // The server's reading of the file, from the upload's answer.
  expect(await screen.findByText(/This file is password-protected/)).toBeTruthy();
  expect(screen.getByText(`${months[0]}.pdf`)).toBeTruthy();
  expect(screen.queryByText('mine.pdf')).toBeNull();
  expect(net.count('POST /file/s3')).toBe(1);
  expect(net.count(LIST)).toBe(1);
});

it('takes a removed file off the list from the removal’s answer', async () => {
  renderJourneyPage(<BankStatementsPage />, at);
  await userEvent.click(await screen.findByRole('button', { name: `Remove ${months[1]}.pdf` }));
  await waitFor(() => expect(screen.queryByText(`${months[1]}.pdf`)).toBeNull());
  expect(net.count('DELETE /file/f2')).toBe(1);
  expect(net.count(LIST)).toBe(1);
});

it('a month missing on its list: Proceed reads the list afresh, and the submission’s answer goes into the session', async () => {
  const { queryClient } = renderJourneyPage(<BankStatementsPage />, at);
  await screen.findByText(`${months[1]}.pdf`);
  // Another device uploads the first month meanwhile: Proceed's read finds it, so no month is missing.
  files = [...files, statement(months[0]!, 9)];
  await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
  // Submitted at once: no month missing (Proceed asks first when one is).
  await waitFor(() => expect(net.count('POST /application/app-1/submit-statements')).toBe(1));
  await waitFor(() =>
    expect(queryClient.getQueryData(sessionQueryOptions().queryKey)?.applications[0]).toMatchObject({
      statementsSubmitted: true,
      sfOpportunityId: 'opp-1',
      stage: { pageName: 'DOCUMENTS', pageStep: 2, path: '/offers' },
    }),
  );
  expect(net.count(LIST)).toBe(2);
  expect(net.count(SESSION)).toBe(0);
  expect(submissions).toEqual([{ seen: files.map((f) => f._id) }]);
});

/** Uploads the first month's statement, the one the api lacks, through the page. */
async function uploadFirstMonth() {
  await screen.findByText(`${months[1]}.pdf`);
  fireEvent.change(screen.getByLabelText(`${months[0]} PDF`), { target: { files: [pdf()] } });
  await screen.findByText(`${months[0]}.pdf`);
}

it('every month on its list: Proceed counts them there, and the submission names them, with no read', async () => {
  renderJourneyPage(<BankStatementsPage />, at);
  await uploadFirstMonth();
  await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
  // The uploaded statement needs attention (password-protected): Proceed asks first.
  await userEvent.click(await screen.findByRole('button', { name: 'Proceed anyway' }));
  await waitFor(() => expect(net.count(SUBMIT)).toBe(1));
  expect(net.count(LIST)).toBe(1);
  expect(submissions).toEqual([{ seen: files.map((f) => f._id) }]);
});

it('refused as counted on other statements (one removed elsewhere): the list read again and the applicant told', async () => {
  renderJourneyPage(<BankStatementsPage />, at);
  await uploadFirstMonth();
  // Another tab removes a month's statement: this page's list still has it.
  files = files.filter((f) => f._id !== 'f2');
  await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Proceed anyway' }));
  expect(await screen.findByText(messageText(FILE_CODES.statementsChanged))).toBeTruthy();
  // The list as the api holds it, for the applicant to see and count again: the month removed is missing.
  await waitFor(() => expect(screen.queryByText(`${months[1]}.pdf`)).toBeNull());
  expect(net.count(LIST)).toBe(2);
  await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
  expect(await screen.findByRole('dialog')).toBeTruthy();
  expect(net.count(SUBMIT)).toBe(1);
});
