import { JOURNEY_ERRORS, type JourneyErrorCode } from './errors';
import { isStaleMove, missingAnswers, resolveMove, type JourneyPosition, type StageMove } from './stages';

/** The stage cannot move past SIGNATURE before the workflow knows the application is signed. */
export const SIGN_FIRST = JOURNEY_ERRORS.SIGN_FIRST.message;
/** Offers need the opportunity (bank statements submitted) first. */
export const OFFERS_NOT_READY = JOURNEY_ERRORS.OFFERS_NOT_READY.message;

/** What the workflow knows beyond the position: the signature and the statements' submission. */
export type MoveFacts = { signed: boolean; statementsSubmitted: boolean };

/**
 * Whether the bank statements are submitted: once their submission went through, whether or not the CRM has
 * converted the lead yet (during a CRM outage the conversion waits in the workflow, and the journey goes on
 * to /offers without an opportunity). The workflow reads it from its progress, the api from the application
 * record it marks after that submission; the web takes the api's answer and never guesses it from the
 * opportunity id.
 */
export const statementsSubmittedIn = (s: { statementsSubmitted?: boolean; sfOpportunityId?: string }): boolean =>
  !!s.statementsSubmitted || !!s.sfOpportunityId;

/** What the workflow has achieved that its moves depend on (its progress, in part). */
export type MoveProgress = { signing?: { signed: boolean }; statementsSubmitted?: boolean; sfOpportunityId?: string };

/** The facts moveStage's validator judges by, from the workflow's progress. */
export const moveFactsOf = (p: MoveProgress): MoveFacts => ({
  signed: !!p.signing?.signed,
  statementsSubmitted: statementsSubmittedIn(p),
});

export type MoveVerdict =
  { ok: true; position: JourneyPosition; stale: boolean } | { ok: false; error: string; code: JourneyErrorCode };

const refused = (code: JourneyErrorCode): MoveVerdict => ({ ok: false, error: JOURNEY_ERRORS[code].message, code });

/**
 * The moveStage rule, whole: the workflow's update validator refuses what this refuses, and the client
 * journey machine asks it before sending a move, so the two cannot disagree. A stale or repeated move
 * (its `from` is not the current position) is answered with the current position and moves nothing.
 */
export function judgeMove(current: JourneyPosition, move: StageMove, facts: MoveFacts): MoveVerdict {
  if (isStaleMove(current, move)) return { ok: true, position: current, stale: true };
  const m = resolveMove(current, move);
  if (!m.ok) return m;
  const missing = missingAnswers(current, m.position, move);
  if (missing) return refused(missing);
  if (current.pageName === 'SIGNATURE' && m.position.pageName === 'DOCUMENTS' && !facts.signed)
    return refused('SIGN_FIRST');
  // Only the statements submission takes the journey past the bank statements.
  const leavesStatements = current.pageName === 'DOCUMENTS' && current.pageStep === 1 && m.position.pageStep === 2;
  if (leavesStatements && !facts.statementsSubmitted) return refused('OFFERS_NOT_READY');
  return { ok: true, position: m.position, stale: false };
}

/**
 * The moves the workflow makes by itself, without a moveStage: the step each is made from. The last
 * signer's signature takes the journey on to the bank statements (SIGNATURE 1 -> DOCUMENTS 1: the workflow
 * hears it from Box, and the signature's status read answers where the journey went); submitting the
 * bank statements takes it to choosing an offer (DOCUMENTS 1 -> 2); submitting the application from the
 * choice takes it to the booking view (DOCUMENTS 2 -> 3). The workflow's signing room and its
 * submitStatements and submitApplication updates apply this rule, and the journey mirror test walks it
 * against the web.
 */
export const SUBMISSION_STEPS = {
  signature: { pageName: 'SIGNATURE', pageStep: 1 },
  statements: { pageName: 'DOCUMENTS', pageStep: 1 },
  application: { pageName: 'DOCUMENTS', pageStep: 2 },
} as const satisfies Record<string, { pageName: JourneyPosition['pageName']; pageStep: number }>;

export type Submission = keyof typeof SUBMISSION_STEPS;

/**
 * Where a successful submission leaves the journey: one step on when the journey stands on the
 * submission's own step, otherwise where it is (a repeat after success, or a submission from a later step).
 */
export function judgeSubmission(current: JourneyPosition, submission: Submission): JourneyPosition {
  const from = SUBMISSION_STEPS[submission];
  if (current.pageName !== from.pageName || current.pageStep !== from.pageStep) return current;
  const m = resolveMove(current, { to: 'next' });
  return m.ok ? m.position : current;
}

/** The booking view, the journey's last step: an application submitted there is done. */
export const isFinalStep = (p: JourneyPosition): boolean => p.pageName === 'DOCUMENTS' && p.pageStep === 3;
