import { JOURNEY_STAGES, stageSteps, type ApplicantStatus, type SharedStatus, type StageName } from '@portal/libs';

export type StepState = 'done' | 'current' | 'upcoming';

/** One line of 'What is waiting': whose move, in the catalogue's words, and since when. */
export type WaitingLine = { key: WaitingKey; since?: string };

/** The catalogue keys the waiting lines use, one per case (the catalogue test finds each by its name). */
const WAITING_KEYS = {
  applicant: 'status.waiting.applicant',
  signature: 'status.waiting.signature',
  records: 'status.waiting.records',
  documents: 'status.waiting.documents',
  review: 'status.waiting.review',
  nobody: 'status.waiting.nobody',
} as const;
export type WaitingKey = (typeof WAITING_KEYS)[keyof typeof WAITING_KEYS];

const ENDED_KEYS = {
  submitted: 'status.ended.submitted',
  withdrawn: 'status.ended.withdrawn',
  closed: 'status.ended.closed',
} as const;

export type StatusView = {
  steps: { stage: StageName; state: StepState; step?: number; steps?: number }[];
  endedKey?: (typeof ENDED_KEYS)[keyof typeof ENDED_KEYS];
  waiting: WaitingLine[];
  signatures: { order: number; signed: boolean }[];
  /** The applicant can act: a link back to their step is worth showing. */
  applicantTurn: boolean;
  saved: boolean;
};

/**
 * The api's status as the page shows it: every stage of the libs table (the one place the journey's
 * order is written) marked done, current or to do, and the waiting lines as catalogue keys.
 */
export function statusView(s: ApplicantStatus | SharedStatus): StatusView {
  const current = JOURNEY_STAGES.findIndex((st) => st.name === s.stage);
  const submitted = s.ended === 'submitted';
  const steps = JOURNEY_STAGES.map((st, i) => {
    const state: StepState = submitted || i < current ? 'done' : i === current ? 'current' : 'upcoming';
    return state === 'current'
      ? { stage: st.name, state, step: s.step, steps: stageSteps(st.name) }
      : { stage: st.name, state };
  });
  const waiting = s.waiting.map((w) => ({
    key: WAITING_KEYS[w.on === 'funding-team' ? (w.work ?? 'review') : w.on],
    ...(w.since ? { since: w.since } : {}),
  }));
  return {
    steps,
    ...(s.ended ? { endedKey: ENDED_KEYS[s.ended] } : {}),
    waiting,
    signatures: s.signatures ?? [],
    applicantTurn: !s.ended && s.waiting.some((w) => w.on === 'applicant'),
    saved: s.source === 'saved',
  };
}
