// A pass-through HTTP proxy in front of an S3 endpoint, for tests that must see or refuse what the S3
// client really sends. The Host header goes on unchanged: the request's signature covers it.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Looks at a request first; answering it (returning true) keeps it from S3. */
export type S3Inspector = (req: IncomingMessage, res: ServerResponse) => boolean;

export async function startS3Proxy(target: string, inspect: S3Inspector) {
  const server = createServer((req, res) => {
    if (inspect(req, res)) return;
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
