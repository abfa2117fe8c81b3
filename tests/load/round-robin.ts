// The load run's front door: a round-robin HTTP proxy in front of the api replicas, as the production
// web service's nginx balances its two api containers (deploy/nginx.conf). Each request goes to the next
// replica in turn; a replica that refuses the connection (killed, not yet back) is skipped for the next one,
// as nginx's `proxy_next_upstream error` does, since the request never reached it. A replica that dies with
// the request in flight answers 502: the request may have acted, the client must press again.
// It also times every request (first byte in to last byte out), for the run's api p50/p99.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Timing = { at: number; ms: number; method: string; route: string; status: number; upstream: number };

/** `/api/business/65f…/x` → `/api/business/:id/x`: one name per route, for the per-route table. */
export const routeOf = (url: string) =>
  (url.split('?')[0] ?? '/').replace(/\/[0-9a-f]{24}(?=\/|$)/g, '/:id').replace(/\/\d+(?=\/|$)/g, '/:n');

export async function startRoundRobin(upstreams: string[], opts: { port?: number } = {}) {
  const targets = upstreams.map((u) => new URL(u));
  const timings: Timing[] = [];
  const sockets = new Set<Socket>();
  let next = 0;
  let skipped = 0;

  const server = createServer((req, res) => void handle(req, res));
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    // Bodies are small (a statement is at most a few MB): buffered, so a refused connection can go on to
    // the next replica with the same bytes.
    const chunks: Buffer[] = [];
    try {
      for await (const c of req) chunks.push(c as Buffer);
    } catch {
      return void res.destroy();
    }
    const body = Buffer.concat(chunks);
    const first = next++ % targets.length;
    const done = (status: number, upstream: number) =>
      timings.push({
        at: Date.now(),
        ms: performance.now() - started,
        method: req.method ?? 'GET',
        route: routeOf(req.url ?? '/'),
        status,
        upstream,
      });
    for (let i = 0; i < targets.length; i++) {
      const n = (first + i) % targets.length;
      const outcome = await forward(n, req, res, body);
      if (outcome === 'refused') {
        skipped++;
        continue;
      }
      done(outcome, n);
      return;
    }
    res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"no api replica answered"}');
    done(502, -1);
  }

  /** The status passed on, or 'refused' when the replica never took the request. */
  function forward(n: number, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<number | 'refused'> {
    return new Promise((resolve) => {
      const headers = { ...req.headers, 'content-length': String(body.length) };
      delete headers['transfer-encoding'];
      const out = request(new URL(req.url ?? '/', targets[n]), { method: req.method, headers }, (r) => {
        const status = r.statusCode ?? 502;
        res.writeHead(status, r.headers);
        r.pipe(res);
        r.on('end', () => resolve(status));
        r.on('error', () => {
          res.destroy();
          resolve(502);
        });
      });
      out.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'ECONNREFUSED' && !res.headersSent) return resolve('refused');
        if (!res.headersSent)
          res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"bad gateway"}');
        else res.destroy();
        resolve(502);
      });
      out.end(body);
    });
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    timings,
    /** Requests that found a replica refusing and went on to the other. */
    skipped: () => skipped,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
