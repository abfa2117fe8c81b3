// A pass-through HTTP proxy in front of S3 that records what each request carried. s3rver accepts the
// server-side-encryption headers but neither stores nor echoes them, so HeadObject cannot show SSE: the
// headers on the wire are what the S3 client really sent.
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Recorded = { method: string; path: string; headers: IncomingHttpHeaders };

export async function startS3Recorder(target: string) {
  const seen: Recorded[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: decodeURIComponent(req.url ?? ''), headers: req.headers });
    // The Host header goes on unchanged: the request's signature covers it.
    const upstream = request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Object writes (PUT with a key, not a bucket) whose path starts with `prefix`. */
    puts: (prefix: string) => seen.filter((r) => r.method === 'PUT' && r.path.startsWith(prefix)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
