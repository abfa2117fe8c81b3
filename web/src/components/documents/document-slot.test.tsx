import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render as renderOnly, screen, waitFor } from '@testing-library/react';
import { act, type ReactNode } from 'react';
import { expect, it, vi } from 'vitest';
import { FILE_CODES } from '@portal/libs';
import { loadLanguage } from '../../i18n/i18n';
import { DocumentSlot } from './document-slot';

/** The slot's uploads and removals are mutations: each test has its own query client. */
const render = (ui: ReactNode) => {
  const client = new QueryClient();
  return renderOnly(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  });
};

/** The August statement's slot with no file yet, in English: where the upload tests pick a file. */
const renderEmptySlot = async () => {
  await act(() => loadLanguage('en'));
  render(
    <DocumentSlot
      title="August 2026"
      applicationId="app-1"
      fileType="Bank Statement"
      monthLabel="August 2026"
      files={[]}
      canRemove
      onChange={() => undefined}
    />,
  );
};

const file = {
  _id: 'f1',
  fileName: 'august-2026.pdf',
  fileType: 'Bank Statement' as const,
  monthLabel: 'August 2026',
  size: 20480,
  advice: [{ code: 'wrongPeriod' as const, periodStart: '2026-07-01', periodEnd: '2026-07-31' }],
};

const slot = () => (
  <DocumentSlot
    title="August 2026"
    applicationId="app-1"
    fileType="Bank Statement"
    monthLabel="August 2026"
    files={[
      file,
      { ...file, _id: 'f2', fileName: 'august-2026-2.pdf', advice: [{ code: 'encrypted' }] },
      { ...file, _id: 'f3', fileName: 'august-2026-3.pdf', advice: [{ code: 'uploadAgain' }] },
    ]}
    canRemove
    onChange={() => undefined}
  />
);

it('shows the server’s advice under each statement, in the applicant’s language', async () => {
  const { rerender, container } = render(slot());
  // A statement that needs attention keeps its slot amber (not green), and says so in words too.
  expect(container.querySelector('.doc-slot')?.className).toBe('doc-slot has-files needs-attention');
  expect(screen.getByRole('heading', { name: 'August 2026 Needs attention' })).toBeTruthy();
  expect(screen.getByText('august-2026-2.pdf')).toBeTruthy();
  expect(screen.getByText(/This statement seems to cover July 1 – 31, 2026, not August 2026\./)).toBeTruthy();
  expect(screen.getByText(/This file is password-protected/)).toBeTruthy();
  // A statement the review flagged: asked for again in neutral words, never told what was found.
  expect(
    screen.getByText(
      'We could not confirm every detail of this statement. Please upload it again as downloaded from your bank, or connect your bank instead.',
    ),
  ).toBeTruthy();
  await act(() => loadLanguage('fr-CA'));
  rerender(slot());
  expect(screen.getByRole('heading', { name: 'août 2026 À vérifier' })).toBeTruthy();
  // The stored name is shown in French; the lender's file keeps august-2026-2.pdf.
  expect(screen.getByText('août-2026-2.pdf')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Retirer août-2026-2.pdf' })).toBeTruthy();
  expect(screen.getByText(/Ce relevé semble couvrir .*juillet 2026, et non août 2026\./)).toBeTruthy();
  expect(screen.getByText(/protégé par un mot de passe/)).toBeTruthy();
  expect(screen.getByText(/tel que téléchargé de votre banque, ou plutôt connecter votre banque\./)).toBeTruthy();
  expect(screen.getByLabelText('août 2026 – PDF')).toBeTruthy();
});

it('turns a slot whose statements all read well green, with no flag', async () => {
  await act(() => loadLanguage('en'));
  const { container } = render(
    <DocumentSlot
      title="August 2026"
      applicationId="app-1"
      fileType="Bank Statement"
      monthLabel="August 2026"
      files={[{ ...file, advice: [] }]}
      canRemove
      onChange={() => undefined}
    />,
  );
  expect(container.querySelector('.doc-slot')?.className).toBe('doc-slot has-files');
  expect(screen.getByRole('heading', { name: 'August 2026' })).toBeTruthy();
  expect(screen.queryByText('Needs attention')).toBeNull();
});

it('says the file is being checked once every byte is sent, until the server answers', async () => {
  document.cookie = 'XSRF-TOKEN=tok-1; path=/';
  let answer = () => {};
  // The browser's XMLHttpRequest, as the network sees it: every byte sent, the answer held back.
  class HeldXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    withCredentials = false;
    onload?: () => void;
    open() {}
    setRequestHeader() {}
    send() {
      queueMicrotask(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 }));
      answer = () => {
        this.status = 201;
        this.responseText = JSON.stringify({ data: { ...file, advice: [] } });
        this.onload?.();
      };
    }
  }
  vi.stubGlobal('XMLHttpRequest', HeldXhr);
  try {
    await renderEmptySlot();
    const pdf = new File(['%PDF-1.4\n'], 'august.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('August 2026 PDF'), { target: { files: [pdf] } });
    expect(await screen.findByText('Checking the file…')).toBeTruthy();
    await act(async () => answer());
    await waitFor(() => expect(screen.queryByText('Checking the file…')).toBeNull());
  } finally {
    vi.unstubAllGlobals();
  }
});

it('writes a small file’s size in bytes, never 0 kB, in both languages', async () => {
  await act(() => loadLanguage('en'));
  const small = (
    <DocumentSlot
      title="August 2026"
      applicationId="app-1"
      fileType="Bank Statement"
      monthLabel="August 2026"
      files={[
        { ...file, size: 512, advice: [] },
        { ...file, _id: 'f2', size: 1536, advice: [] },
      ]}
      canRemove
      onChange={() => undefined}
    />
  );
  const { rerender, container } = render(small);
  const sizes = () => [...container.querySelectorAll('.doc-file-size')].map((e) => e.textContent);
  expect(sizes()).toEqual(['512 B', '1.5 kB']);
  await act(() => loadLanguage('fr-CA'));
  rerender(small);
  expect(sizes()).toEqual(['512\u00a0o', '1,5\u00a0ko']);
  await act(() => loadLanguage('en'));
});

it('offers to try a failed upload again, but not a file the server refused: the same bytes would be refused again', async () => {
  document.cookie = 'XSRF-TOKEN=tok-1; path=/';
  let status = 400;
  // The server's answer to the upload: its refusal of the file, or its own failure.
  class AnsweringXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    withCredentials = false;
    onload?: () => void;
    open() {}
    setRequestHeader() {}
    send() {
      queueMicrotask(() => {
        this.status = status;
        this.responseText = JSON.stringify({
          statusCode: status,
          data: status === 400 ? { message: 'Please upload only PDF files.', messageCode: FILE_CODES.pdfOnly } : {},
        });
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', AnsweringXhr);
  try {
    await renderEmptySlot();
    const send = (name: string) =>
      fireEvent.change(screen.getByLabelText('August 2026 PDF'), {
        target: { files: [new File(['just some notes'], name, { type: 'application/pdf' })] },
      });
    send('notes.pdf');
    expect(await screen.findByText('Please upload only PDF files.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove notes.pdf' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again to upload notes.pdf' })).toBeNull();
    status = 500;
    send('august.pdf');
    expect(await screen.findByRole('button', { name: 'Try again to upload august.pdf' })).toBeTruthy();
  } finally {
    vi.unstubAllGlobals();
  }
});
