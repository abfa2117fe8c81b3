// The one test proxy in front of an external service (CRM, Box, the offer service, S3 over HTTP; SMTP over
// TCP). It passes everything through unchanged (the Host header too: S3 signatures cover it) and, when a
// test asks, injects a fault into the requests that match a method and path, so that a fault can be aimed
// at one activity's call:
//   status     answered by the proxy, never forwarded (a 5xx burst, a 429 with Retry-After)
//   refuse     the connection is reset before anything is forwarded (the service never saw it)
//   hang       forwarded, the answer held back and the connection reset after `holdMs` (a timeout after send:
//              the service acted, the caller cannot know)
//   reset      forwarded, the connection reset the moment the answer arrives (after send)
//   slow       forwarded, the answer delivered after `delayMs`
//   malformed  forwarded, the answer's body replaced by bytes no parser accepts (after send)
//   truncate   forwarded, the answer cut off halfway through its declared length (after send)
// plus an outage window (every request refused for `ms` from the first call aimed at) and a seeded random
// fault rate for load.
// Over TCP (SMTP) the same kinds apply to the command the client sends (`path` matches its verb, 'DATA' for
// the message itself: a fault on DATA acts once the message's final dot has been forwarded).
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';

export type FaultKind = 'status' | 'refuse' | 'hang' | 'reset' | 'slow' | 'malformed' | 'truncate';
export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'refuse' }
  | { kind: 'hang'; holdMs: number }
  | { kind: 'reset' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'malformed' }
  | { kind: 'truncate' };

/** Which requests a fault is aimed at: method (exact) and path (a prefix string or a pattern). */
export type Match = { method?: string; path?: string | RegExp };
type Rule = { match: Match; fault: Fault; left: number };

export type Seen = { method: string; path: string; at: number; fault?: FaultKind };

/** Looks at a request first; answering it (returning true) keeps it from the service. */
export type Inspector = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Hooks for kill points: called when a matching request arrives, and once its answer was passed on. */
export type Hooks = {
  onRequest?: (seen: Seen) => void;
  onResponse?: (seen: Seen, status: number) => void;
};

/** A small seeded PRNG (mulberry32): the same seed, the same faults. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const matches = (m: Match, method: string, path: string) =>
  (!m.method || m.method === method) &&
  (m.path === undefined || (typeof m.path === 'string' ? path.startsWith(m.path) : m.path.test(path)));

/** The 'slow' fault itself: the latency it injects before the answer goes on. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const GARBAGE = '<<<\u0000not json, not xml\u0000{"'; // neither JSON, XML nor a Box/SOAP answer

export type FaultProxy = Awaited<ReturnType<typeof startFaultProxy>>;

/**
 * Starts the proxy on 127.0.0.1 (`port`, or a free one) in front of `target` (http://host:port).
 * `tcp: true` proxies bytes (SMTP) instead of HTTP requests.
 */
export async function startFaultProxy(
  target: string,
  opts: { port?: number; tcp?: boolean; inspect?: Inspector; name?: string } = {},
) {
  const rules: Rule[] = [];
  const seen: Seen[] = [];
  let outage: { ms: number; until?: number; startOn: Match; match: Match } | undefined;
  let random: { rate: number; next: () => number; faults: Fault[]; match: Match } | undefined;
  const hooks: Hooks[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  /** The fault for this request, if any (an armed rule first, then the outage, then the random rate). */
  function faultFor(method: string, path: string): Fault | undefined {
    const rule = rules.find((r) => r.left > 0 && matches(r.match, method, path));
    if (rule) {
      rule.left--;
      return rule.fault;
    }
    if (outage && outage.until === undefined && matches(outage.startOn, method, path))
      outage.until = Date.now() + outage.ms;
    if (outage?.until && Date.now() < outage.until && matches(outage.match, method, path)) return { kind: 'refuse' };
    if (random && matches(random.match, method, path) && random.next() < random.rate)
      return random.faults[Math.floor(random.next() * random.faults.length)];
    return undefined;
  }
  const record = (method: string, path: string, fault?: Fault) => {
    const s: Seen = { method, path, at: Date.now(), ...(fault ? { fault: fault.kind } : {}) };
    seen.push(s);
    for (const h of hooks) h.onRequest?.(s);
    return s;
  };
  const answered = (s: Seen, status: number) => {
    for (const h of hooks) h.onResponse?.(s, status);
  };

  const upstream = new URL(target);
  const httpServer = opts.tcp
    ? undefined
    : createServer((req, res) => {
        if (opts.inspect?.(req, res)) return;
        const method = req.method ?? 'GET';
        const path = decodeURIComponent(req.url ?? '/');
        const fault = faultFor(method, path);
        const s = record(method, path, fault);
        if (fault?.kind === 'status') {
          req.resume();
          res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
          res.end(fault.body ?? JSON.stringify({ message: `injected ${fault.status}` }));
          answered(s, fault.status);
          return;
        }
        if (fault?.kind === 'refuse') {
          req.resume();
          req.socket.destroy();
          return;
        }
        const out = request(new URL(req.url ?? '/', upstream), { method, headers: req.headers }, (r) => void pass(r));
        out.on('error', () => res.destroy());
        req.pipe(out);

        async function pass(r: IncomingMessage) {
          const status = r.statusCode ?? 502;
          if (!fault) {
            res.writeHead(status, r.headers);
            r.pipe(res);
            r.on('end', () => answered(s, status));
            return;
          }
          const chunks: Buffer[] = [];
          for await (const c of r) chunks.push(c as Buffer);
          const body = Buffer.concat(chunks);
          if (fault.kind === 'reset') return void res.socket?.destroy();
          if (fault.kind === 'hang') return later(fault.holdMs, () => res.socket?.destroy());
          if (fault.kind === 'slow') await sleep(fault.delayMs);
          if (res.socket?.destroyed) return; // the caller gave up meanwhile
          const headers = { ...r.headers };
          delete headers['content-length'];
          delete headers['transfer-encoding'];
          if (fault.kind === 'malformed') {
            res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(GARBAGE)) });
            res.end(GARBAGE);
          } else if (fault.kind === 'truncate') {
            res.writeHead(status, { ...headers, 'content-length': String(Math.max(body.length, 2)) });
            res.write(body.subarray(0, Math.floor(body.length / 2)));
            later(50, () => res.socket?.destroy());
            return;
          } else {
            res.writeHead(status, { ...headers, 'content-length': String(body.length) });
            res.end(body);
          }
          answered(s, status);
        }
      });
  httpServer?.on('connection', (sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
  });

  // SMTP (or any line protocol where the client speaks first after a greeting): faults by command verb.
  const tcpServer = opts.tcp
    ? createTcpServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        const connFault = faultFor('CONNECT', 'CONNECT');
        const connSeen = record('CONNECT', 'CONNECT', connFault);
        if (connFault?.kind === 'refuse') return void client.destroy();
        if (connFault?.kind === 'status') {
          client.end(`${connFault.status} injected: service not available\r\n`);
          return answered(connSeen, connFault.status);
        }
        const server = connect(Number(upstream.port), upstream.hostname);
        sockets.add(server);
        server.on('close', () => sockets.delete(server));
        let inData = false;
        let pending: { fault: Fault; seen: Seen } | undefined;
        let tail = '';
        client.on('data', (chunk: Buffer) => {
          const text = chunk.toString('latin1');
          if (inData) {
            tail = (tail + text).slice(-5);
            server.write(chunk);
            if (tail.endsWith('\r\n.\r\n')) {
              inData = false;
              const fault = faultFor('SMTP', 'DATA');
              const s = record('SMTP', 'DATA', fault);
              pending = { fault: fault ?? { kind: 'slow', delayMs: 0 }, seen: s };
            }
            return;
          }
          const verb = text.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
          if (verb === 'DATA') inData = true;
          if (verb === 'DATA' || verb === 'QUIT') return void server.write(chunk);
          const fault = faultFor('SMTP', verb);
          if (fault) {
            const s = record('SMTP', verb, fault);
            if (fault.kind === 'status') {
              client.write(`${fault.status} injected\r\n`);
              return answered(s, fault.status);
            }
            if (fault.kind === 'refuse') return void client.destroy();
          }
          server.write(chunk);
        });
        server.on('data', (chunk: Buffer) => {
          const p = pending;
          if (!p || inData) return void client.write(chunk);
          pending = undefined;
          const f = p.fault;
          if (f.kind === 'reset') return void client.destroy();
          if (f.kind === 'hang') return later(f.holdMs, () => client.destroy());
          if (f.kind === 'malformed') return void client.write('\u0000garbage\r\n');
          if (f.kind === 'truncate') {
            client.write(chunk.subarray(0, 2));
            return later(50, () => client.destroy());
          }
          const delay = f.kind === 'slow' ? f.delayMs : 0;
          later(delay, () => {
            if (!client.destroyed) client.write(chunk);
            answered(p.seen, Number(chunk.toString('latin1').slice(0, 3)) || 0);
          });
        });
        const end = () => {
          client.destroy();
          server.destroy();
        };
        client.on('error', end);
        server.on('error', end);
        client.on('close', end);
        server.on('close', end);
      })
    : undefined;

  const listener = httpServer ?? tcpServer!;
  await new Promise<void>((resolve) => listener.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (listener.address() as AddressInfo).port;

  return {
    name: opts.name ?? target,
    url: `http://127.0.0.1:${port}`,
    port,
    /** Every request seen (method, path, time, the fault it met). */
    seen,
    /** The next `times` requests matching `match` meet `fault`. */
    inject(match: Match, fault: Fault, times = 1) {
      rules.push({ match, fault, left: times });
    },
    /**
     * Every request matching `match` (all, by default) is refused for `ms`, from the first request matching
     * `startOn` (at once, by default): the outage meets the call it is aimed at, however long the steps
     * before it take.
     */
    outage(ms: number, opts: { match?: Match; startOn?: Match } = {}) {
      outage = { ms, match: opts.match ?? {}, startOn: opts.startOn ?? {} };
      if (!opts.startOn) outage.until = Date.now() + ms;
    },
    /** A share `rate` of matching requests meet one of `faults`, drawn from a seeded PRNG. */
    randomFaults(rate: number, seed: number, faults: Fault[], match: Match = {}) {
      random = { rate, next: seededRandom(seed), faults, match };
    },
    /** Armed rules not yet used up (a test checks its fault was really met). */
    armed: () => rules.filter((r) => r.left > 0).length,
    hook(h: Hooks) {
      hooks.push(h);
      return () => void hooks.splice(hooks.indexOf(h), 1);
    },
    /** Back to passing everything through. */
    clear() {
      rules.length = 0;
      outage = undefined;
      random = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        for (const s of sockets) s.destroy();
        listener.close(() => resolve());
      }),
  };
}
