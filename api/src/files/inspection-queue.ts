import { ServiceUnavailableException } from '@nestjs/common';
import { FILE_CODES } from '@portal/libs';

/**
 * Limits of one inspection. A real statement parses in well under a second in a few megabytes (a 3,000-page
 * text statement: 1 s, 120 MB); a file built to exhaust the parser hits one of these. Two at a time: the api
 * keeps the rest of its memory and its cores for everyone else.
 *
 * `budgetMs` is the whole inspection's budget, the verdict and a statement's advice alike (1.9 kB
 * statements whose text extraction took 8 s each held both threads while everyone queued): the CPU its
 * thread spends on the file, bounded by the clock (thread-job.ts, BUDGET: 12 s at most).
 * Past it the thread is ended and the file is kept with the advice 'unreadable', never refused for being
 * slow; a file whose verdict was not reached is kept only when its raw bytes were checked whole (see
 * `Prechecked`), else refused.
 *
 * `yieldAfterMs`: an address whose inspection ran out its budget lately (`SLOW_MEMORY_MS`) has its
 * inspections ended after this long whenever another address waits for a thread, but only where the file
 * would be kept anyway (its verdict given, or its raw bytes checked whole): a second address of an attacker
 * never holds the other thread for a whole budget while someone else waits, and no file is refused for
 * the wait. Addresses with no slow file keep the full budget.
 */
export const LIMITS = { heapMb: 384, budgetMs: 3_000, concurrent: 2, yieldAfterMs: 250 };

/**
 * The queue in front of the threads: bounded, and fair between applicants and between client addresses.
 * - Each applicant's inspections run one at a time (one applicant's parallel statements never take both
 *   threads) and at most `perApplicantWaiting` of them wait.
 * - Each client address holds at most `perAddressRunning` thread and `perAddressHeld` inspections queued
 *   or running, whatever the number of accounts behind it: a handful of accounts made from one address
 *   (20 an hour may be) share one thread and one share of the queue, so another address always finds the
 *   other thread within one inspection's time at most, usually at once.
 * - A freed thread goes to the address served longest ago, then within it to its applicant served longest
 *   ago (round robin, not first come first served: one address's backlog never runs ahead of a newcomer).
 * - An address whose inspection ran out its budget lately takes the last free thread only after waiting
 *   `slowWaitMs`: while another address's file is checked, the other thread stays ready for whoever comes
 *   next (see `yieldAfterMs` too).
 * All applicants together wait `waiting` at most: 32 real statements (about 100 ms each) wait under 2 s,
 * and even 32 files at the full budget wait 48 s, inside nginx's 60 s. Past any bound the upload answers
 * 503 with Retry-After (InspectionBusy). Shared offices behind one address still get every file checked,
 * one at a time.
 */
export const INSPECTION_QUEUE = {
  waiting: 32,
  perApplicantRunning: 1,
  perApplicantWaiting: 2,
  perAddressRunning: 1,
  perAddressHeld: 6,
  slowWaitMs: 20_000,
  retryAfterSeconds: 5,
};

/** The inspection queue is full (or this applicant's or address's share of it): 503, try again after a few seconds. */
export class InspectionBusy extends ServiceUnavailableException {
  readonly retryAfter = INSPECTION_QUEUE.retryAfterSeconds;
  constructor() {
    super(FILE_CODES.busy);
  }
}

/** Who an inspection is for: the applicant, and the client address the file came from. */
export type Requester = { applicant: string; address: string };
/**
 * What the work learns of its turn: `onContention` names how to end it early (see `yieldAfterMs`), and the work
 * says `budgetSpent` when its thread ran out the budget (thread-job.ts). Only that marks its address slow: the
 * time on the clock does not, since on a busy machine a good file's thread waits for a core, and a photo
 * conversion's own budget is longer than a statement's.
 */
export type Turn = { onContention: (hurry: () => void) => void; budgetSpent: () => void };
type Queued = Requester & { go: () => void; since: number };
type Running = Requester & { startedAt: number; hurry?: () => void; cut?: NodeJS.Timeout; spent?: boolean };

/** How long an address that ran out an inspection's budget yields to others (see `yieldAfterMs`). */
export const SLOW_MEMORY_MS = 15 * 60_000;
const SLOW_ADDRESSES_KEPT = 10_000;

/** Counts per applicant or per address, dropped at zero so the maps hold only those with inspections. */
class Tally {
  private readonly n = new Map<string, number>();
  get = (key: string) => this.n.get(key) ?? 0;
  add(key: string, by: number) {
    const left = this.get(key) + by;
    if (left > 0) this.n.set(key, left);
    else this.n.delete(key);
  }
}

const runningJobs = new Set<Running>();
/** How many inspections hold a thread now. */
export const runningInspections = () => runningJobs.size;
const runningFor = { applicant: new Tally(), address: new Tally() };
/** Queued or running, per address. */
const heldBy = new Tally();
const waiting: Queued[] = [];
/** When each address and applicant with inspections was last given a thread (a tick, not a time). */
const servedAt = new Map<string, number>();
let tick = 0;
/** Addresses whose inspection ran out its budget, until when they yield (oldest first, bounded). */
const slowUntil = new Map<string, number>();

const applicantKey = (r: Requester) => `u:${r.applicant}`;
const addressKey = (r: Requester) => `a:${r.address}`;
const isSlow = (address: string) => (slowUntil.get(address) ?? 0) > Date.now();
/**
 * Within the applicant's and the address's shares; an address that ran out a budget lately takes the last
 * free thread only after waiting `slowWaitMs` (the thread stays ready for whoever comes next meanwhile).
 */
const withinShares = (r: Requester) =>
  runningFor.applicant.get(r.applicant) < INSPECTION_QUEUE.perApplicantRunning &&
  runningFor.address.get(r.address) < INSPECTION_QUEUE.perAddressRunning;
const waitedEnough = (r: Requester, since: number) =>
  !isSlow(r.address) || Date.now() - since >= INSPECTION_QUEUE.slowWaitMs;
const mayStart = (r: Requester, since = Date.now()) =>
  withinShares(r) && (runningJobs.size + 1 < LIMITS.concurrent || waitedEnough(r, since));

function markSlow(address: string) {
  slowUntil.delete(address);
  slowUntil.set(address, Date.now() + SLOW_MEMORY_MS);
  for (const [oldest] of slowUntil) {
    if (slowUntil.size <= SLOW_ADDRESSES_KEPT) break;
    slowUntil.delete(oldest);
  }
}

/** The waiting inspection whose address, then applicant, was served longest ago (never served: first). */
function nextTurn(): number {
  let best = -1;
  let bestRank: [number, number] = [Infinity, Infinity];
  waiting.forEach((q, i) => {
    if (!mayStart(q, q.since)) return;
    const rank: [number, number] = [servedAt.get(addressKey(q)) ?? 0, servedAt.get(applicantKey(q)) ?? 0];
    if (rank[0] < bestRank[0] || (rank[0] === bestRank[0] && rank[1] < bestRank[1])) [best, bestRank] = [i, rank];
  });
  return best;
}

/** A slow address's running inspection is ended `yieldAfterMs` after its start while another address waits. */
function scheduleYields() {
  for (const job of runningJobs) {
    if (job.cut || !job.hurry || !isSlow(job.address)) continue;
    // Only for someone the freed thread would go to (not another of a capped address's files).
    if (!waiting.some((q) => q.address !== job.address && withinShares(q) && waitedEnough(q, q.since))) continue;
    job.cut = setTimeout(job.hurry, Math.max(0, job.startedAt + LIMITS.yieldAfterMs - Date.now()));
  }
}

function startNext() {
  while (runningJobs.size < LIMITS.concurrent) {
    const i = nextTurn();
    if (i === -1) break;
    const [next] = waiting.splice(i, 1);
    next!.go();
  }
  scheduleYields();
}

function begin(r: Requester): Running {
  const job: Running = { applicant: r.applicant, address: r.address, startedAt: Date.now() };
  runningJobs.add(job);
  runningFor.applicant.add(r.applicant, 1);
  runningFor.address.add(r.address, 1);
  tick++;
  servedAt.set(addressKey(r), tick);
  servedAt.set(applicantKey(r), tick);
  return job;
}

function end(job: Running) {
  clearTimeout(job.cut);
  runningJobs.delete(job);
  runningFor.applicant.add(job.applicant, -1);
  runningFor.address.add(job.address, -1);
  heldBy.add(job.address, -1);
  if (job.spent) markSlow(job.address);
  // Forgotten once nothing of theirs is queued or running: the map stays as small as the queue.
  if (!heldBy.get(job.address)) servedAt.delete(addressKey(job));
  if (!runningFor.applicant.get(job.applicant) && !waiting.some((q) => q.applicant === job.applicant))
    servedAt.delete(applicantKey(job));
  startNext();
}

/**
 * Runs `work` in one of the threads' slots, in the requester's turn; InspectionBusy when the queue, or the
 * applicant's or the address's share of it, is full.
 */
export async function slot<T>(who: Requester, work: (turn: Turn) => Promise<T>): Promise<T> {
  if (heldBy.get(who.address) >= INSPECTION_QUEUE.perAddressHeld) throw new InspectionBusy();
  // A free thread this requester may take: whatever waits may not take it (startNext ran at every end).
  const now = runningJobs.size < LIMITS.concurrent && mayStart(who);
  if (!now) {
    const queued = waiting.filter((q) => q.applicant === who.applicant).length;
    if (waiting.length >= INSPECTION_QUEUE.waiting || queued >= INSPECTION_QUEUE.perApplicantWaiting)
      throw new InspectionBusy();
  }
  heldBy.add(who.address, 1);
  let job: Running;
  if (now) job = begin(who);
  else
    job = await new Promise<Running>((go) => {
      waiting.push({ ...who, since: Date.now(), go: () => go(begin(who)) });
      scheduleYields();
    });
  const turn: Turn = {
    onContention: (hurry) => {
      job.hurry = hurry;
      scheduleYields();
    },
    budgetSpent: () => {
      job.spent = true;
    },
  };
  try {
    return await work(turn);
  } finally {
    end(job);
  }
}
