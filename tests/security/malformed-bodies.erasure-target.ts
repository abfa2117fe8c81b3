// "Delete my account" in the malformed-body matrix (malformed-bodies.targets.ts).
import type { Target } from './malformed-bodies.values';

/** A wrong password: the valid body must never delete the applicant every other target uses. */
export const ERASURE_TARGET: Target = {
  name: 'delete account',
  method: 'POST',
  path: () => '/privacy/erasure',
  body: () => ({ password: 'Not-Her-Password-9' }),
  fields: { password: 'text' },
};
