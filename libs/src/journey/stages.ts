import type { AnswerSection } from './answers';
import { JOURNEY_ERRORS, type JourneyErrorCode } from './errors';

/** The five-stage journey: one table, with next and back derived from it. */
export const JOURNEY_STAGES = [
  { name: 'PERSONAL', paths: ['/sign-up'] },
  { name: 'FINANCIAL', paths: ['/financial'] },
  { name: 'BUSINESS', paths: ['/business', '/business', '/owners'] },
  { name: 'SIGNATURE', paths: ['/signature'] },
  { name: 'DOCUMENTS', paths: ['/bank-statements', '/offers', '/offers'] },
] as const;

export type StageName = (typeof JOURNEY_STAGES)[number]['name'];
export type JourneyPosition = { pageName: StageName; pageStep: number; path: string };

export const NO_FURTHER_STAGE = JOURNEY_ERRORS.NO_FURTHER_STAGE.message;
export const NO_EARLIER_STAGE = JOURNEY_ERRORS.NO_EARLIER_STAGE.message;

export const STAGE_NAMES: readonly StageName[] = JOURNEY_STAGES.map((s) => s.name);

export const stageSteps = (name: StageName): number => JOURNEY_STAGES.find((s) => s.name === name)?.paths.length ?? 0;

/** The position for a stage and 1-based step, or undefined when there is no such step. */
export function positionOf(pageName: StageName, pageStep: number): JourneyPosition | undefined {
  const stage = JOURNEY_STAGES.find((s) => s.name === pageName);
  const path = stage?.paths[pageStep - 1];
  return path ? { pageName, pageStep, path } : undefined;
}

/** The section a step saves; moving forward from that step needs it. */
export const STEP_ANSWERS: Readonly<Partial<Record<`${StageName}:${number}`, AnswerSection>>> = {
  'FINANCIAL:1': 'financial',
  'BUSINESS:1': 'businessQuestion',
  'BUSINESS:2': 'businessDetails',
  'BUSINESS:3': 'owners',
  'DOCUMENTS:2': 'offer',
};

/** The step's section, if it saves one. */
export const sectionOf = (p: { pageName: StageName; pageStep: number }): AnswerSection | undefined =>
  STEP_ANSWERS[`${p.pageName}:${p.pageStep}`];

export const INITIAL_POSITION: JourneyPosition = { pageName: 'FINANCIAL', pageStep: 1, path: '/financial' };

export type Move = { ok: true; position: JourneyPosition } | { ok: false; error: string; code: JourneyErrorCode };
const refused = (code: JourneyErrorCode): Move => ({ ok: false, error: JOURNEY_ERRORS[code].message, code });

export function nextPosition(current: { pageName: StageName; pageStep: number }): Move {
  const i = STAGE_NAMES.indexOf(current.pageName);
  const within = positionOf(current.pageName, current.pageStep + 1);
  if (within) return { ok: true, position: within };
  const following = JOURNEY_STAGES[i + 1];
  if (i < 0 || !following) return refused('NO_FURTHER_STAGE');
  return { ok: true, position: { pageName: following.name, pageStep: 1, path: following.paths[0] } };
}

export function previousPosition(current: { pageName: StageName; pageStep: number }): Move {
  const i = STAGE_NAMES.indexOf(current.pageName);
  const within = current.pageStep > 1 ? positionOf(current.pageName, current.pageStep - 1) : undefined;
  if (within) return { ok: true, position: within };
  const before = i > 0 ? JOURNEY_STAGES[i - 1] : undefined;
  if (!before) return refused('NO_EARLIER_STAGE');
  const step = before.paths.length;
  return { ok: true, position: { pageName: before.name, pageStep: step, path: before.paths[step - 1]! } };
}

export const isStageName = (v: unknown): v is StageName =>
  typeof v === 'string' && (STAGE_NAMES as readonly string[]).includes(v);

export const STAGE_MOVE_REFUSED = JOURNEY_ERRORS.STAGE_MOVE_REFUSED.message;

/**
 * A requested move: one step on, one step back, or to a named position. `from` names the position the
 * page moves from: when it is no longer the current one (a repeat, a double click, a stale tab) the move
 * is answered with the current position and nothing moves. `answered` lists the saved sections (the api
 * reads them), so the workflow can refuse a move past a step whose answers are missing.
 */
export type StageMove = (
  { to: 'next' } | { to: 'back' } | { to: 'position'; pageName: StageName; pageStep: number }
) & { from?: { pageName: StageName; pageStep: number }; answered?: readonly AnswerSection[] };

/** The move names a position other than the current one: answer where the journey is, move nothing. */
export const isStaleMove = (current: JourneyPosition, move: StageMove): boolean =>
  !!move.from && (move.from.pageName !== current.pageName || move.from.pageStep !== current.pageStep);

const order = (p: { pageName: StageName; pageStep: number }) => STAGE_NAMES.indexOf(p.pageName) * 10 + p.pageStep;

/**
 * Whether the move could go forward, so that judging it needs the saved answers. A re-save of, or a
 * move back from, the position the page names cannot: if that is the current position nothing is
 * missing, and if it is not, the move is stale and answered where the journey is.
 */
export function mayMoveForward(move: StageMove): boolean {
  if (move.to === 'back') return false;
  if (move.to === 'next' || !move.from) return true;
  return order(move) > order(move.from);
}

/** Why a resolved move forward may not happen yet: the current step's answers are not saved. */
export function missingAnswers(
  current: JourneyPosition,
  target: JourneyPosition,
  move: StageMove,
): 'ANSWERS_MISSING' | undefined {
  if (order(target) <= order(current)) return undefined;
  const needed = sectionOf(current);
  return needed && !(move.answered ?? []).includes(needed) ? 'ANSWERS_MISSING' : undefined;
}

/**
 * Where a move from `current` lands. A named position is allowed when it is the current one (a re-save),
 * the next or the previous step; anything further is refused, with the spec's message past the end.
 */
export function resolveMove(current: JourneyPosition, move: StageMove): Move {
  if (move.to === 'next') return nextPosition(current);
  if (move.to === 'back') return previousPosition(current);
  const target = positionOf(move.pageName, move.pageStep);
  if (!target) return refused('STAGE_MOVE_REFUSED');
  const neighbours = [current, nextPosition(current), previousPosition(current)].map((m) =>
    'ok' in m ? (m.ok ? m.position : undefined) : m,
  );
  if (neighbours.some((p) => p?.pageName === target.pageName && p.pageStep === target.pageStep))
    return { ok: true, position: target };
  const next = nextPosition(current);
  return next.ok ? refused('STAGE_MOVE_REFUSED') : next;
}
