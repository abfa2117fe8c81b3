/**
 * What each step needs saved before the journey moves on from it. The api reads the saved answers, this
 * judges them with the same rules as the forms, and the workflow's moveStage validator refuses a move
 * forward past a step whose answers are missing, before it enters history. Which step saves which
 * section (STEP_ANSWERS, sectionOf) is in stages.ts, beside the table it is keyed by: this file imports
 * nothing of the stages, so the two form no import circle.
 */
import {
  BUSINESS_DETAILS_RULES,
  BUSINESS_QUESTION_RULES,
  FINANCIAL_RULES,
  OWNER_RULES,
  checkOwnerSet,
} from '../validation/application';
import { validateForm, type RuleSet } from '../validation/rules';
import { JOURNEY_ERRORS } from './errors';

export const ANSWER_SECTIONS = ['financial', 'businessQuestion', 'businessDetails', 'owners', 'offer'] as const;
export type AnswerSection = (typeof ANSWER_SECTIONS)[number];

// Not in the specification: the server's answer to a move past an unanswered step.
export const ANSWERS_MISSING = JOURNEY_ERRORS.ANSWERS_MISSING.message;

/**
 * The applicant's saved answers as plain values (PII already decrypted by the caller): the business
 * with its address fields at the top level, the owners, and whether an offer option is selected.
 */
export type SavedAnswers = {
  business?: Readonly<Record<string, unknown>>;
  owners?: readonly Readonly<Record<string, unknown>>[];
  offerSelected?: boolean;
};

const passes = (rules: RuleSet, form: Readonly<Record<string, unknown>> | undefined) =>
  !!form && Object.keys(validateForm(rules, form)).length === 0;

/**
 * The sections whose saved answers pass the forms' own rules; `among` limits the judging to those sections
 * (a stage move asks only for the section of the step it leaves: the other rule sets are not run).
 */
export function answeredSections(
  saved: SavedAnswers,
  among: readonly AnswerSection[] = ANSWER_SECTIONS,
): AnswerSection[] {
  const b = saved.business;
  const owners = saved.owners ?? [];
  const judge: Record<AnswerSection, () => boolean> = {
    financial: () => passes(FINANCIAL_RULES, b),
    businessQuestion: () => b?.businessStarted !== 'No' && passes(BUSINESS_QUESTION_RULES, b),
    businessDetails: () => passes(BUSINESS_DETAILS_RULES, b),
    owners: () => owners.length > 0 && owners.every((o) => passes(OWNER_RULES, o)) && !checkOwnerSet(owners),
    offer: () => saved.offerSelected === true,
  };
  return ANSWER_SECTIONS.filter((s) => among.includes(s) && judge[s]());
}
