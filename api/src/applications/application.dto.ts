import { API_CODES, type RuleSet } from '@portal/libs';
import { integerFrom, isMongoId, whenGiven } from '../common/body-rules';

/**
 * What the applicant may set on their application. The CRM ids, the status and the accepted date are
 * written by the workflow from what the CRM answers; a body that carries them is refused outright.
 */
export type ApplicationChangesDto = { topUp?: number };
export const APPLICATION_CHANGES_RULES = {
  topUp: whenGiven(integerFrom('topUp', 0, 99_000_000, API_CODES.topUpWholeNumber)),
} satisfies RuleSet;

export type CreateApplicationDto = ApplicationChangesDto & { userId?: string };
export const CREATE_APPLICATION_RULES = {
  userId: whenGiven(isMongoId('userId')),
  ...APPLICATION_CHANGES_RULES,
} satisfies RuleSet;
