import type { ApplicantStatus } from '@portal/libs';
import { applicantAt } from '../../lib/journey/journey-page.test-support';

/** /status while the applicant (Ada) has signed and the co-owner (Grace) has not: the request still open. */
export const AWAITING_CO_OWNER = {
  source: 'live',
  stage: 'SIGNATURE',
  step: 1,
  waiting: [{ on: 'signature' }],
  signingOpen: true,
  signatures: [
    { order: 1, signed: true, name: 'Ada Lovelace' },
    { order: 2, signed: false, name: 'Grace Hopper' },
  ],
} as ApplicantStatus;

/** Ada, signed in, her application at the signature step. */
export const AT_SIGNATURE = applicantAt({ pageName: 'SIGNATURE', pageStep: 1, path: '/signature' });
