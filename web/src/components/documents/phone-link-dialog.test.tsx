/**
 * The phone dialog on a desktop slot: once the phone's photos are stored (the link used), the page's file list is
 * read at once, though the page read it a moment before (a list is fresh for half a minute), so the slot shows
 * the new PDF as the dialog closes.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { documentsQueryOptions } from '../../lib/documents-api';
import { fakeApi } from '../../lib/fake-api.test-support';
import { PhoneLinkDialog } from './phone-link-dialog';

const LIST = 'GET /file/application/app-1';
const net = fakeApi(() => ({
  'POST /file/phone-link': () => ({
    linkId: 'l1',
    token: 't1',
    url: 'http://localhost/phone/t1',
    qrSvg: '<svg></svg>',
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  }),
  'GET /file/phone-link/l1': () => ({ state: 'used' }),
  [LIST]: () => [],
}));

it('reads the file list when the link is used, though the page has just read it, and closes', async () => {
  const client = new QueryClient();
  client.setQueryData(documentsQueryOptions('app-1').queryKey, []);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <PhoneLinkDialog applicationId="app-1" fileType="Voided Check" title="Voided check" onClose={onClose} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  await waitFor(() => expect(net.count(LIST)).toBe(1));
  // Only that read: the list's own poll (every 2 s while the dialog is open) has not come yet.
  expect(net.count('GET /file/phone-link/l1')).toBe(1);
});
