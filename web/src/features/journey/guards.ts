import type { DbUser } from '@portal/libs';

/** Journey order of the guarded pages (giggle-finance sits beside /business). */
const ORDER = ['/financial', '/business', '/giggle-finance', '/owners', '/signature', '/bank-statements', '/offers'];
const rank = (path: string) => (path === '/giggle-finance' ? ORDER.indexOf('/business') : ORDER.indexOf(path));
const BEFORE_OPPORTUNITY = ['/financial', '/business', '/owners', '/signature', '/giggle-finance'];

/**
 * Section 2's guard: once an opportunity exists, the pages before it send the applicant to /offers (or
 * to a saved /bank-statements or /offers). Before that, a page ahead of the saved stage sends them to
 * the saved stage: nobody skips a step by typing a URL. Answers where to go, or undefined to stay.
 */
export function guardRedirect(path: string, user: DbUser): string | undefined {
  const app = user.applications[0];
  const saved = app?.stage?.path?.toLowerCase() || '/financial';
  if (app?.sfOpportunityId && BEFORE_OPPORTUNITY.includes(path)) {
    return saved === '/bank-statements' || saved === '/offers' ? saved : '/offers';
  }
  if (rank(path) > rank(saved)) return saved;
  return undefined;
}
