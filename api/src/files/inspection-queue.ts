import { ServiceUnavailableException } from '@nestjs/common';
import { FILE_CODES } from '@portal/libs';

/**
 * Limits of one inspection. A real statement parses in well under a second in a few megabytes (a 3,000-page
 * text statement: 1 s, 120 MB); a file built to exhaust the parser hits one of these. Two at a time: the api
 * keeps the rest of its memory and its cores for everyone else.
 *
 * `budgetMs` is the whole inspection's wall-clock time, the verdict and a statement's advice alike (1.9 kB
 * statements whose text extraction took 8 s each held both threads while everyone queued).
 * Past it the thread is ended and the file is kept with the advice 'unreadable', never refused for being
 * slow; a file whose verdict was not reached is kept only when its raw bytes were checked whole (see
 * `Prechecked`), else refused.
 */
export const LIMITS = { heapMb: 384, budgetMs: 3_000, concurrent: 2 };

/**
 * The queue in front of the threads: bounded, and fair between applicants. Each applicant's inspections run
 * one at a time (so one applicant's parallel statements never take both threads) and at most
 * `perApplicantWaiting` of them wait; all applicants together wait `waiting` at most: 32 real statements
 * (about 100 ms each) wait under 2 s, and even 32 files at the full budget wait 48 s, inside nginx's 60 s.
 * Past either bound the upload answers 503 with Retry-After (InspectionBusy).
 */
export const INSPECTION_QUEUE = { waiting: 32, perApplicantRunning: 1, perApplicantWaiting: 2, retryAfterSeconds: 5 };

/** The inspection queue is full (or this applicant's share of it): 503, try again after a few seconds. */
export class InspectionBusy extends ServiceUnavailableException {
  readonly retryAfter = INSPECTION_QUEUE.retryAfterSeconds;
  constructor() {
    super(FILE_CODES.busy);
  }
}

type Queued = { applicant: string; go: () => void };
let running = 0;
/** How many inspections hold a thread now. */
export const runningInspections = () => running;
const runningFor = new Map<string, number>();
const waiting: Queued[] = [];

/** The first waiting inspection whose applicant has none running past their share, started. */
function startNext() {
  while (running < LIMITS.concurrent) {
    const i = waiting.findIndex((q) => (runningFor.get(q.applicant) ?? 0) < INSPECTION_QUEUE.perApplicantRunning);
    if (i === -1) return;
    const [next] = waiting.splice(i, 1);
    begin(next!.applicant);
    next!.go();
  }
}

function begin(applicant: string) {
  running++;
  runningFor.set(applicant, (runningFor.get(applicant) ?? 0) + 1);
}

function end(applicant: string) {
  running--;
  const left = (runningFor.get(applicant) ?? 1) - 1;
  if (left > 0) runningFor.set(applicant, left);
  else runningFor.delete(applicant);
  startNext();
}

/** Runs `work` in one of the threads' slots, in the applicant's turn; InspectionBusy when the queue is full. */
export async function slot<T>(applicant: string, work: () => Promise<T>): Promise<T> {
  const mine = runningFor.get(applicant) ?? 0;
  if (running < LIMITS.concurrent && mine < INSPECTION_QUEUE.perApplicantRunning) begin(applicant);
  else {
    const queued = waiting.filter((q) => q.applicant === applicant).length;
    if (waiting.length >= INSPECTION_QUEUE.waiting || queued >= INSPECTION_QUEUE.perApplicantWaiting)
      throw new InspectionBusy();
    await new Promise<void>((go) => waiting.push({ applicant, go }));
  }
  try {
    return await work();
  } finally {
    end(applicant);
  }
}
