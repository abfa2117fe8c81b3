// Item 5: the orchestration's own time in each api call of the journeys, i.e. the call's wall time less
// the time the stand-ins (CRM, e-signature, offers) spent answering the requests made within it.
import type { TimedCall } from './journeys.ts';

export type ServedSpan = { start: number; end: number };

/**
 * The spans each stand-in served since the last read (sandbox/src/timing.ts); reading empties them, so one
 * read before the measured journeys drops the warm-up's.
 */
export async function standinSpans(origins: string[]): Promise<ServedSpan[]> {
  const all = await Promise.all(
    origins.map(async (o) => (await (await fetch(`${o}/__timing`)).json()) as ServedSpan[]),
  );
  return all.flat();
}

/**
 * Each call's stand-in time, two ways. Twenty journeys run at once, so a stand-in request made within a call
 * may belong to another journey's call running at the same moment: `shared` splits each request evenly
 * among the calls in flight across the whole of it (an estimate); `all` gives each call every request
 * within it (so wall − all is a lower bound of the orchestration time). Requests within no call (work the
 * worker does after answering, e.g. document copies) are counted in `outside`.
 */
export function standinTime(calls: TimedCall[], spans: ServedSpan[]) {
  const shared = new Array<number>(calls.length).fill(0);
  const all = new Array<number>(calls.length).fill(0);
  let outside = 0;
  const byStart = calls.map((c, i) => ({ ...c, i })).sort((a, b) => a.start - b.start);
  for (const s of spans) {
    const ms = s.end - s.start;
    const within: number[] = [];
    for (const c of byStart) {
      if (c.start > s.start) break;
      if (c.end >= s.end) within.push(c.i);
    }
    if (!within.length) outside += ms;
    for (const i of within) {
      shared[i]! += ms / within.length;
      all[i]! += ms;
    }
  }
  return { shared, all, outside, total: spans.reduce((t, s) => t + s.end - s.start, 0) };
}
