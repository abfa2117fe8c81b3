import { JOURNEY_ERRORS, type JourneyErrorCode } from './errors';
import { isStaleMove, missingAnswers, resolveMove, type JourneyPosition, type StageMove } from './stages';

/** The stage cannot move past SIGNATURE before the workflow knows the application is signed. */
export const SIGN_FIRST = JOURNEY_ERRORS.SIGN_FIRST.message;
/** Offers need the opportunity (bank statements submitted) first. */
export const OFFERS_NOT_READY = JOURNEY_ERRORS.OFFERS_NOT_READY.message;

/** What the workflow knows beyond the position: the signature and the statements' submission. */
export type MoveFacts = { signed: boolean; statementsSubmitted: boolean };

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
