import type { DbUser } from '@portal/libs';

// Apart from lib/session.ts (TanStack Query's cache): the first visit's page needs only this, and stays small.
/** Where a signed-in applicant resumes after sign-in: the saved stage path lower-cased, else /financial. */
export const resumePath = (user: DbUser | null | undefined): string =>
  user?.applications[0]?.stage?.path?.toLowerCase() || '/financial';
