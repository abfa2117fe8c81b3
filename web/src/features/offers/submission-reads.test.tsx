/**
 * /offers' last step and its requests: the file list read moments ago (on /bank-statements) is not read
 * again when the step shows, an upload's answer joins it, and the submission's answer tells the session the
 * application is submitted, so the session is not read again either. A list half a minute old is read again.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { documentsQueryOptions } from '../../lib/documents-api';
import { fakeApi } from '../../lib/fake-api.test-support';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { sessionQueryOptions } from '../../lib/session';
import type { OfferView } from './offers-api';
import { OffersPage } from './offers-page';

const offer: OfferView = {
  _id: 'o-1',
  applicationId: 'app-1',
  offerOptions: [
    {
      id: 'std-12',
      offeredAmount: '180000.00',
      monthlyTerm: '12',
      monthlyPayment: '18300.00',
      totalPayment: '219600.00',
      offerLabel: '12-month term',
      isSelected: 'true',
    },
  ],
};
const statement = {
  _id: 'f1',
  fileName: 'statement.pdf',
  fileType: 'Bank Statement' as const,
  monthLabel: 'August 2026',
  size: 20480,
  advice: [],
};
const check = { _id: 'f2', fileName: 'Voided check.pdf', fileType: 'Voided Check' as const, size: 2048, advice: [] };
const LIST = 'GET /file/application/app-1';

const net = fakeApi(() => ({
  'POST /offer': () => offer,
  'GET /draft/app-1/offer': () => ({ fields: {} }),
  [LIST]: () => [statement],
  'POST /file/s3': () => check,
  'POST /application/app-1/submit-application': () => ({
    repName: '',
    schedulingLink: '',
    stage: { applicationId: 'app-1', pageName: 'DOCUMENTS', pageStep: 3, path: '/offers', isPdfSent: true },
  }),
}));

/** Back at step 3 (the pick saved), the statements' list as /bank-statements left it `age` ms ago. */
function renderFinalStep(age: number) {
  const user = applicantAt({ pageName: 'DOCUMENTS', pageStep: 3, path: '/offers' });
  const rendered = renderJourneyPage(<OffersPage />, user, null);
  rendered.queryClient.setQueryData(documentsQueryOptions('app-1').queryKey, [statement], {
    updatedAt: Date.now() - age,
  });
  return rendered;
}

it('submits with the list it has, and takes the answer into the session without reading it again', async () => {
  const { queryClient } = renderFinalStep(1000);
  await screen.findByRole('button', { name: 'Submit Application' });
  await userEvent.upload(screen.getByLabelText(/^Voided check\W+PDF$/), new File(['%PDF-1.4\n'], 'check.pdf'));
  expect(await screen.findByText('Voided check.pdf')).toBeTruthy();
  await userEvent.click(screen.getByRole('checkbox', { name: "I don't have this (Driver's license)" }));
  await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
  await screen.findByRole('heading', { name: /submitted/i });
  await waitFor(() =>
    expect(queryClient.getQueryData(sessionQueryOptions().queryKey)?.applications[0]).toMatchObject({
      applicationStatus: 'Submitted',
      stage: { pageName: 'DOCUMENTS', pageStep: 3, path: '/offers' },
    }),
  );
  expect(net.count('POST /application/app-1/submit-application')).toBe(1);
  expect(net.count(LIST)).toBe(0);
  expect(net.count('GET /auth/user')).toBe(0);
});

it('reads the list again when it is half a minute old (another device may have added a document)', async () => {
  renderFinalStep(31_000);
  await screen.findByRole('button', { name: 'Submit Application' });
  await waitFor(() => expect(net.count(LIST)).toBe(1));
});
