// A pass-through HTTP proxy in front of S3 that records what each request carried: the headers on the wire
// are what the S3 client really sent (server-side encryption included), whatever the S3 behind it stores or
// echoes back.
import type { IncomingHttpHeaders } from 'node:http';
import { startFaultProxy } from './fault-proxy';

export type Recorded = { method: string; path: string; headers: IncomingHttpHeaders };

export async function startS3Recorder(target: string) {
  const seen: Recorded[] = [];
  const proxy = await startFaultProxy(target, {
    inspect: (req) => {
      seen.push({ method: req.method ?? '', path: decodeURIComponent(req.url ?? ''), headers: req.headers });
      return false;
    },
  });
  return {
    ...proxy,
    /** Object writes (PUT with a key, not a bucket) whose path starts with `prefix`. */
    puts: (prefix: string) => seen.filter((r) => r.method === 'PUT' && r.path.startsWith(prefix)),
  };
}
