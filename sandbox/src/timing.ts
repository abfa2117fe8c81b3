// How long a stand-in took to answer each request (and the work it simulates between requests), for the
// benchmark: a journey's api calls minus the stand-in time inside them is the
// orchestration's own time.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** When a request arrived and when its answer was sent: milliseconds since the epoch, sub-millisecond. */
export type ServedSpan = { start: number; end: number };

/** A long-running local stack keeps the newest spans only. */
const MAX_SPANS = 100_000;
const now = () => performance.timeOrigin + performance.now();

/**
 * `GET /__timing` answers the spans served since the last such read. Requests a client marks with
 * `x-bench-client` (the benchmark acting as the applicant, e.g. the signer's click) are not counted: they
 * are not the portal's calls.
 */
export function servedSpans() {
  let spans: ServedSpan[] = [];
  const keep = (span: ServedSpan) => {
    spans.push(span);
    if (spans.length > MAX_SPANS) spans = spans.slice(-MAX_SPANS / 2);
  };
  return {
    /**
     * Work the service does between requests that a client waits for (Box converting a document before its
     * sign request is sent), counted as the service's time: a span from now, `ms` long. Answers its end
     * (Date.now() based, as the stand-in's own clocks).
     */
    processing(ms: number): number {
      const start = now();
      keep({ start, end: start + ms });
      return Date.now() + ms;
    },
    /** Answers `GET /__timing` (true), or times the request until its answer is sent (false). */
    handle(req: IncomingMessage, res: ServerResponse): boolean {
      if (req.method === 'GET' && req.url === '/__timing') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(spans));
        spans = [];
        return true;
      }
      if (req.headers['x-bench-client'] !== undefined) return false;
      const start = now();
      res.once('close', () => keep({ start, end: now() }));
      return false;
    },
  };
}
