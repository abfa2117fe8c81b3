import { JOURNEY_STAGES, stageSteps, type ApplicantStatus, type SharedStatus, type StageName } from '@portal/libs';

export type StepState = 'done' | 'current' | 'upcoming';

/** One line of 'What is waiting': whose move, in the catalogue's words (with its values), and since when. */
export type WaitingLine = { key: WaitingKey; name?: string; since?: string };

/** The catalogue keys the waiting lines use, one per case (the catalogue test finds each by its name). */
const WAITING_KEYS = {
  applicant: 'status.waiting.applicant',
  signature: 'status.waiting.signature',
  records: 'status.waiting.records',
  documents: 'status.waiting.documents',
  review: 'status.waiting.review',
  nobody: 'status.waiting.nobody',
} as const;
/** The signature line when one owner is missing, and as a co-owner reads the lines (whose turn it is, in their words). */
const SIGNATURE_KEYS = {
  one: 'status.waiting.signatureOne',
  named: 'status.waiting.signatureOf',
  yours: 'status.waiting.yourSignature',
  applicantFirst: 'status.waiting.applicantSignsFirst',
  finalizing: 'status.waiting.finalizing',
  applicantMove: 'status.waiting.applicantMove',
} as const;
export type WaitingKey =
  (typeof WAITING_KEYS)[keyof typeof WAITING_KEYS] | (typeof SIGNATURE_KEYS)[keyof typeof SIGNATURE_KEYS];

const ENDED_KEYS = {
  submitted: 'status.ended.submitted',
  withdrawn: 'status.ended.withdrawn',
  closed: 'status.ended.closed',
} as const;

/** One owner's signature line: named (the applicant's view), 'you' (the co-owner's), else by number. */
export type SignatureLine = { order: number; signed: boolean; name?: string; you?: boolean };

export type StatusView = {
  steps: { stage: StageName; state: StepState; step?: number; steps?: number }[];
  endedKey?: (typeof ENDED_KEYS)[keyof typeof ENDED_KEYS];
  waiting: WaitingLine[];
  signatures: SignatureLine[];
  /** The applicant can act: a link back to their step is worth showing. */
  applicantTurn: boolean;
  /** The co-owner (second signer) still has to sign on the open request: resend, or sign on this device. */
  coOwnerToSign?: SignatureLine;
  /** The first signer (the applicant) has signed. */
  firstSigned: boolean;
  saved: boolean;
};

/**
 * The api's status as the page shows it: every stage of the libs table (the one place the journey's
 * order is written) marked done, current or to do, and the waiting lines as catalogue keys. `you` is the
 * reader's place in the signing order when a co-owner reads it through their link: the applicant's turn
 * is then never called theirs, and the signature lines say whose signature is waiting.
 */
export function statusView(s: ApplicantStatus | SharedStatus, reader: { you?: number } = {}): StatusView {
  const current = JOURNEY_STAGES.findIndex((st) => st.name === s.stage);
  const submitted = s.ended === 'submitted';
  const steps = JOURNEY_STAGES.map((st, i) => {
    const state: StepState = submitted || i < current ? 'done' : i === current ? 'current' : 'upcoming';
    return state === 'current'
      ? { stage: st.name, state, step: s.step, steps: stageSteps(st.name) }
      : { stage: st.name, state };
  });
  const you = reader.you;
  const signatures: SignatureLine[] = (s.signatures ?? []).map((x) => ({
    ...x,
    ...(you !== undefined && x.order === you ? { you: true } : {}),
  }));
  const pending = signatures.filter((x) => !x.signed);
  const mine = signatures.find((x) => x.you);
  const signatureLine = (): Pick<WaitingLine, 'key' | 'name'> => {
    if (mine) {
      if (mine.signed) return { key: SIGNATURE_KEYS.finalizing };
      const earlier = signatures.some((x) => x.order < mine.order && !x.signed);
      return { key: earlier ? SIGNATURE_KEYS.applicantFirst : SIGNATURE_KEYS.yours };
    }
    if (pending.length === 0 && signatures.length > 0) return { key: SIGNATURE_KEYS.finalizing };
    if (pending.length === 1)
      return pending[0]!.name ? { key: SIGNATURE_KEYS.named, name: pending[0]!.name } : { key: SIGNATURE_KEYS.one };
    return { key: WAITING_KEYS.signature };
  };
  const waiting = s.waiting.map((w): WaitingLine => {
    const line =
      w.on === 'signature'
        ? signatureLine()
        : w.on === 'applicant' && you !== undefined
          ? { key: SIGNATURE_KEYS.applicantMove }
          : { key: WAITING_KEYS[w.on === 'funding-team' ? (w.work ?? 'review') : w.on] };
    return { ...line, ...(w.since ? { since: w.since } : {}) };
  });
  const second = signatures.find((x) => x.order > 1);
  return {
    steps,
    ...(s.ended ? { endedKey: ENDED_KEYS[s.ended] } : {}),
    waiting,
    signatures,
    // The first signer is the applicant, who signs in the portal: their signature waiting is their turn too.
    applicantTurn:
      you === undefined &&
      !s.ended &&
      (s.waiting.some((w) => w.on === 'applicant') ||
        (!!s.signingOpen && signatures.some((x) => x.order === 1 && !x.signed))),
    ...(second && !second.signed && s.signingOpen && !s.ended ? { coOwnerToSign: second } : {}),
    firstSigned: signatures.some((x) => x.order === 1 && x.signed),
    saved: s.source === 'saved',
  };
}
