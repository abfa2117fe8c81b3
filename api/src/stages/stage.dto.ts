import { API_CODES, JOURNEY_STAGES, STAGE_NAMES, objectOf, type RuleSet, type StageName } from '@portal/libs';
import { integerFrom, isBoolean, oneOf, textUpTo, whenGiven } from '../common/body-rules';
import { FollowsRule } from '../common/rule.decorator';

/** The journey's page paths: the only paths a stage record holds. */
const STAGE_PATHS = [...new Set(JOURNEY_STAGES.flatMap((s) => s.paths))];
const pathRule = oneOf('path', STAGE_PATHS, API_CODES.pathInvalid(STAGE_PATHS.join(', ')));

/**
 * The position a page moves from: a repeat or a stale tab is answered where the journey is. One rule
 * for the whole `from` object (refused as one field, with one message, whatever inside it is wrong).
 */
export type FromPosition = { pageName: StageName; pageStep: number };
const FROM_POSITION_RULES = {
  pageName: oneOf('pageName', STAGE_NAMES),
  pageStep: integerFrom('pageStep', 1, 3),
} satisfies RuleSet;
const fromRule = objectOf(FROM_POSITION_RULES, API_CODES.mustBeObject('from'), API_CODES.invalidRequest);

/** POST /stage/{applicationId}/next and /previous. */
export class StepStageDto {
  @FollowsRule(fromRule) from: FromPosition;
}

/** PATCH /stage/{applicationId}: the position the page moves to, and the one it moves from. */
export class UpdateStageDto {
  @FollowsRule(FROM_POSITION_RULES.pageName) pageName: StageName;
  @FollowsRule(FROM_POSITION_RULES.pageStep) pageStep: number;
  @FollowsRule(whenGiven(pathRule)) path?: string;
  @FollowsRule(whenGiven(isBoolean('isPdfSent'))) isPdfSent?: boolean;
  @FollowsRule(fromRule) from: FromPosition;
}

/** POST /stage: the stage record of an application (created at sign-up; answered as it is). */
export class CreateStageDto {
  @FollowsRule(textUpTo('applicationId', 24)) applicationId: string;
  @FollowsRule(whenGiven(FROM_POSITION_RULES.pageName)) pageName?: StageName;
  @FollowsRule(whenGiven(pathRule)) path?: string;
}
