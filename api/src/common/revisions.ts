import { HttpException } from '@nestjs/common';
import { JOURNEY_CODES, JOURNEY_ERRORS, revisionOf } from '@portal/libs';

/**
 * 409 ANSWERS_CHANGED: a save made from older answers than those on file (another window saved since).
 * `current` is the answers as saved now, in the answer's shape and masks, so the form can show them.
 */
export class AnswersChangedException extends HttpException {
  constructor(readonly current: unknown) {
    super(
      { message: JOURNEY_CODES.ANSWERS_CHANGED, code: 'ANSWERS_CHANGED', current },
      JOURNEY_ERRORS.ANSWERS_CHANGED.status,
    );
  }
}

/**
 * The part of a save's filter that holds it to the revision it was made from (libs domain/revisions.ts);
 * none sent, any. At 0 it matches a record saved before revisions too (no field). With `$inc: { revision:
 * 1 }` in the same write: FerretDB has no transactions, but a conditional write on one document is atomic
 * (conditional-writes.spec.ts), so of several saves made from the same revision exactly one matches.
 */
export function atRevision(revision: number | undefined): Record<string, unknown> {
  if (revision === undefined) return {};
  return revision === 0 ? { $or: [{ revision: { $exists: false } }, { revision: 0 }] } : { revision };
}

/** The revision a save sent, when it sent one (its DTO checked it against revisionRule). */
export const sentRevision = (body: { revision?: unknown }): number | undefined =>
  typeof body.revision === 'number' ? body.revision : undefined;

/**
 * Refuses at once a save made from older answers than `saved` (`view`: the answers as the api answers them),
 * before they are judged: the person is shown the newer answers rather than errors about the older ones.
 * The conditional write still catches a save made between this check and it.
 */
export function refuseIfStale(sent: number | undefined, saved: { revision?: number | null }, view: () => unknown) {
  if (sent !== undefined && sent !== revisionOf(saved)) throw new AnswersChangedException(view());
}
