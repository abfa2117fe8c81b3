import { Allow } from 'class-validator';
import { mongoIdsUpTo, whenGiven } from '../common/body-rules';
import { FollowsRule } from '../common/rule.decorator';
import { OpenBody } from '../common/validation.pipe';

/** The most statement ids a submission names: far more than the months' slots hold. */
export const MAX_SEEN_STATEMENTS = 100;

/**
 * POST /application/{id}/submit-statements: `seen`, the statements the page counted (their ids), when it
 * sends them: the submission is refused when the server's are others (changed on another device or tab), so
 * the page counts its months on its own list without reading it again first.
 */
export class SubmitStatementsDto {
  @FollowsRule(whenGiven(mongoIdsUpTo('seen', MAX_SEEN_STATEMENTS))) seen?: string[];
}

/**
 * POST /application/{id}/submit-application: each document 'uploaded' or 'notAvailable'. Judged by the
 * service against what is stored (a selected offer first, then each document uploaded or marked
 * missing), in that order: anything else is 'documents required'.
 */
@OpenBody()
export class SubmitApplicationDto {
  @Allow() voidedCheck?: unknown;
  @Allow() driversLicense?: unknown;
}
