/**
 * Polls `read` every 100 ms until `ok` accepts its value (15 s unless `ms` says otherwise): for work done in
 * the background. Throws with `what` (when given) if it never comes.
 */
export async function until<T>(
  read: () => Promise<T> | T,
  ok: (v: T) => boolean,
  { ms = 15_000, what = 'condition' }: { ms?: number; what?: string } = {},
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await pollPause();
  }
}

/** Like `until`, for a read that answers `undefined` while the thing it waits for is not there yet. */
export async function eventually<T>(read: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  return (await until(read, (v) => v !== undefined, { ms })) as T;
}

/** The pause between two polls: not a wait for anything, only how often `until` looks. */
const pollPause = () => new Promise((r) => setTimeout(r, 100));

/**
 * A fixed wait that is not a wait for a condition: a window in which something must NOT happen (a second
 * email, a restart, a write), a stand-in's latency or an outage's length, a pause a client takes by design, or
 * the cadence of a loop that checks its own condition. `why` names it at the call site: a test waits a fixed
 * time only through here (or `until`'s poll).
 */
export function holdFor(ms: number, why: string): Promise<void> {
  void why;
  return new Promise((r) => setTimeout(r, ms));
}
