import { API_CODES, JOURNEY_STAGES, STAGE_NAMES, objectOf, type RuleSet, type StageName } from '@portal/libs';
import { integerFrom, isBoolean, oneOf, textUpTo, whenGiven } from '../common/body-rules';

/** The journey's page paths: the only paths a stage record holds. */
const STAGE_PATHS = [...new Set(JOURNEY_STAGES.flatMap((s) => s.paths))];
const pathRule = oneOf('path', STAGE_PATHS, API_CODES.pathInvalid(STAGE_PATHS.join(', ')));

/** The position a page moves from: a repeat or a stale tab is answered where the journey is. */
export type FromPositionDto = { pageName: StageName; pageStep: number };
export const FROM_POSITION_RULES = {
  pageName: oneOf('pageName', STAGE_NAMES),
  pageStep: integerFrom('pageStep', 1, 3),
} satisfies RuleSet;

/** POST /stage/{applicationId}/next and /previous. */
export type StepStageDto = { from: FromPositionDto };
export const STEP_STAGE_RULES = {
  from: objectOf(FROM_POSITION_RULES, API_CODES.mustBeObject('from'), API_CODES.invalidRequest),
} satisfies RuleSet;

/** PATCH /stage/{applicationId}: the position the page moves to, and the one it moves from. */
export type UpdateStageDto = StepStageDto & {
  pageName: StageName;
  pageStep: number;
  path?: string;
  isPdfSent?: boolean;
};
export const UPDATE_STAGE_RULES = {
  pageName: FROM_POSITION_RULES.pageName,
  pageStep: FROM_POSITION_RULES.pageStep,
  path: whenGiven(pathRule),
  isPdfSent: whenGiven(isBoolean('isPdfSent')),
  ...STEP_STAGE_RULES,
} satisfies RuleSet;

/** POST /stage: the stage record of an application (created at sign-up; answered as it is). */
export type CreateStageDto = { applicationId: string; pageName?: StageName; path?: string };
export const CREATE_STAGE_RULES = {
  applicationId: textUpTo('applicationId', 24),
  pageName: whenGiven(FROM_POSITION_RULES.pageName),
  path: whenGiven(pathRule),
} satisfies RuleSet;
