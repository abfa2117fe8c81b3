import type { Worker } from 'node:worker_threads';
import { release, REUSE, takeThread, whenReady } from './inspection-threads';

/** A message from an inspection thread: whatever the job's answer is, or the thread's closing `done`. */
export type FromThread = Record<string, unknown>;

/**
 * What a job may do to its own course from its handlers (not while `start` builds it): end it now (the thread
 * is then retired, not reused), and see whether it has ended.
 */
export type JobControl = { end(): void; readonly ended: boolean };

/** A job's side of its thread: what it reads from the thread, and its answer once the thread is done with it. */
export type ThreadJob<T> = {
  /** Every message but the thread's closing `done`. */
  onMessage(m: FromThread): void;
  /** The thread failed (out of heap, a stack overflow): it exits next, and the job ends with it. */
  onError(e: Error & { code?: string }): void;
  /** The budget ran out: the job ends right after, and the thread with it. */
  onBudget(): void;
  /** Whether what the job saw lets the thread serve another file (besides the thread's own heap and file). */
  keepsThread?(): boolean;
  /** The job's answer, once ended: a value, or a thrown error. */
  answer(): T;
};

/**
 * A job's budget is the CPU its thread spends on it, not the time on the clock: on a busy machine the thread
 * waits for a core, and a good statement ran out of a clock budget while it waited (it came out
 * 'unreadable'). The clock still bounds it, at `clockTimes` the budget and at most `clockExtraMs` past it, so
 * an answer never waits longer (a statement's 3 s at most 12 s, the photos' 20 s at most 30 s: inside a
 * proxy's 60 s).
 */
export const BUDGET = { clockTimes: 4, clockExtraMs: 10_000 };

/** The thread's CPU (since `since`), or none when it cannot be read (the thread gone): the budget is then spent. */
const threadCpu = (thread: Worker, since?: NodeJS.CpuUsage): Promise<NodeJS.CpuUsage | undefined> =>
  typeof thread.cpuUsage === 'function' ? thread.cpuUsage(since).catch(() => undefined) : Promise.resolve(undefined);

/**
 * The thread said it is done with a file: back to the pool while its heap is small and it holds no large file
 * (inspection-threads.ts, REUSE), else ended.
 */
const reusableAfter = (done: FromThread) =>
  typeof done.heapMb === 'number' &&
  done.heapMb < REUSE.retireHeapMb &&
  typeof done.fileMb === 'number' &&
  done.fileMb < REUSE.largestFileMb;

/**
 * One job on one inspection thread, from taking the thread to giving it back: `message` is posted to the
 * thread; the job ends once, at the thread's `done`, at its exit, once the thread has spent `budgetMs` of
 * CPU on it (BUDGET), or when the job ends itself (`control.end()`). Then the thread is released (reused
 * only after a clean `done` the job agrees with) and the job's answer settles the promise. The job's own
 * state stays in the job (`start` builds it).
 */
export function runOnThread<T>(
  message: unknown,
  budgetMs: number,
  start: (control: JobControl) => ThreadJob<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const thread = takeThread();
    let ended = false;
    const finish = (reusable: boolean) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      release(thread, reusable && (job.keepsThread?.() ?? true));
      try {
        resolve(job.answer());
      } catch (e) {
        reject(e as Error);
      }
    };
    let timer: NodeJS.Timeout | undefined;
    const startBudget = () => {
      if (ended) return;
      const startedAt = Date.now();
      const cpuAtStart = threadCpu(thread);
      const check = async () => {
        if (ended) return;
        const start = await cpuAtStart;
        const spent = start && (await threadCpu(thread, start));
        if (ended) return;
        const cpuLeft = spent ? budgetMs - (spent.user + spent.system) / 1000 : 0;
        const clock = Math.min(budgetMs * BUDGET.clockTimes, budgetMs + BUDGET.clockExtraMs);
        const clockLeft = clock - (Date.now() - startedAt);
        if (cpuLeft > 0 && clockLeft > 0) {
          timer = setTimeout(() => void check(), Math.min(cpuLeft, clockLeft));
          return;
        }
        job.onBudget();
        finish(false);
      };
      timer = setTimeout(() => void check(), budgetMs);
    };
    const job = start({
      end: () => finish(false),
      get ended() {
        return ended;
      },
    });
    const onMessage = (m: FromThread) => {
      if (m.ready === true) return; // the thread's own start (whenReady below)
      if (m.done === true) finish(reusableAfter(m));
      else job.onMessage(m);
    };
    const onError = (e: Error & { code?: string }) => job.onError(e);
    const onExit = () => finish(false);
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
    thread.postMessage(message);
    // The budget is the file's: a thread still loading its modules (one started to replace another, on a
    // busy machine) starts the clock once it has.
    if (whenReady(thread, startBudget)) startBudget();
  });
}
