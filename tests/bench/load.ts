// A closed-loop load generator: `concurrency` callers, each sending its next request as soon as the last
// one is answered, for a fixed time. Latencies are kept whole (sorted once) for exact percentiles.

export type LoadResult = {
  requests: number;
  errors: number;
  seconds: number;
  /** Answered requests per second (errors excluded). */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** The first error seen, to say why a run failed. */
  firstError?: string;
  /** Where the CPU went, when measured. */
  cpu?: string;
};

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** Runs `send` from `concurrency` callers for `seconds`; `send` throws (or rejects) on a failed request. */
export async function closedLoop(opts: {
  concurrency: number;
  seconds: number;
  send: (caller: number, i: number) => Promise<void>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const end = started + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.concurrency }, async (_, caller) => {
      for (let i = 0; performance.now() < end; i++) {
        const t = performance.now();
        try {
          await opts.send(caller, i);
          latencies.push(performance.now() - t);
        } catch (e) {
          errors++;
          firstError ??= (e as Error).message;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    firstError,
  };
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * A against its baseline B, interleaved (A B A B ...), the first `warmup` pairs discarded. Each figure
 * is the median over the counted pairs, and each ratio the median of the pair-by-pair ratios, so a
 * drift in the shared machine's speed touches both sides of a pair alike.
 */
export async function interleaved(opts: {
  rounds: number;
  warmup: number;
  a: () => Promise<LoadResult>;
  b: () => Promise<LoadResult>;
  log?: (line: string) => void;
}): Promise<{ a: LoadResult[]; b: LoadResult[] }> {
  const a: LoadResult[] = [];
  const b: LoadResult[] = [];
  for (let r = 0; r < opts.warmup + opts.rounds; r++) {
    const ra = await opts.a();
    const rb = await opts.b();
    const tag = r < opts.warmup ? 'warm-up' : `round ${r - opts.warmup + 1}`;
    opts.log?.(
      `  ${tag}: A ${ra.rps.toFixed(1)}/s p50 ${ra.p50.toFixed(1)} p99 ${ra.p99.toFixed(1)} ms (${ra.errors} errors)` +
        ` | B ${rb.rps.toFixed(1)}/s p50 ${rb.p50.toFixed(1)} p99 ${rb.p99.toFixed(1)} ms (${rb.errors} errors)` +
        (ra.cpu ? `\n    A ${ra.cpu}\n    B ${rb.cpu}` : ''),
    );
    if (r >= opts.warmup) {
      a.push(ra);
      b.push(rb);
    }
  }
  return { a, b };
}

/** Pair-by-pair ratio of a figure (A/B), then the median. */
export const pairedRatio = (a: LoadResult[], b: LoadResult[], key: 'rps' | 'p50' | 'p95' | 'p99'): number =>
  median(a.map((x, i) => x[key] / b[i]![key]));
