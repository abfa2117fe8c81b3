import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { servedSpans } from '../timing';
import { priceOffers } from './pricing';

export type OfferStandinOptions = { port: number; clientId: string; clientSecret: string; host?: string };
export type OfferStandin = {
  url: string;
  calls: () => number;
  setDown(down: boolean): void;
  /** The next `count` POST /offers answer this status (429 with Retry-After). */
  failNext(status: number, count?: number): void;
  /** Forgets every token issued, as an expiry does: the next call with one answers 401. */
  expireTokens(): void;
  close(): Promise<void>;
};

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The offer-calculation service: a client-credentials token endpoint and POST /offers with a bearer
 * token, answering { data: [offers] } from the pricing model in pricing.ts (table in README.md).
 */
export async function startOfferStandin(opts: OfferStandinOptions): Promise<OfferStandin> {
  const tokens = new Set<string>();
  let calls = 0;
  let down = false;
  let failing = { status: 0, count: 0 };
  const timing = servedSpans();
  const server = createServer((req, res) => {
    if (timing.handle(req, res)) return;
    const send = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/health') return send(200, { ok: true });
      if (down) return send(503, { message: 'Service unavailable' });
      if (path === '/oauth/token' && req.method === 'POST') {
        const raw = await body(req);
        const form = req.headers['content-type']?.includes('json')
          ? new Map(Object.entries(JSON.parse(raw || '{}') as Record<string, string>))
          : new URLSearchParams(raw);
        if (form.get('client_id') !== opts.clientId || form.get('client_secret') !== opts.clientSecret)
          return send(401, { error: 'invalid_client' });
        const token = randomBytes(24).toString('hex');
        tokens.add(token);
        return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      if (path === '/offers' && req.method === 'POST') {
        const auth = req.headers.authorization ?? '';
        if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) return send(401, { message: 'Unauthorized' });
        if (failing.count > 0) {
          failing.count--;
          if (failing.status === 429) res.setHeader('Retry-After', '1');
          return send(failing.status, { message: `injected ${failing.status}` });
        }
        const input = JSON.parse((await body(req)) || '{}') as Record<string, unknown>;
        const score = Number(input.score);
        const annualRevenue = Number(input.annualRevenue);
        if (!Number.isFinite(score) || !Number.isFinite(annualRevenue) || typeof input.businessStartDate !== 'string')
          return send(400, { message: 'score, businessStartDate and annualRevenue are required' });
        calls++;
        return send(200, { data: priceOffers({ score, annualRevenue, businessStartDate: input.businessStartDate }) });
      }
      send(404, { message: 'Not found' });
    })().catch((e: Error) => send(500, { message: e.message }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? '127.0.0.1', resolve));
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    setDown: (d) => (down = d),
    failNext: (status, count = 1) => void (failing = { status, count }),
    expireTokens: () => tokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
