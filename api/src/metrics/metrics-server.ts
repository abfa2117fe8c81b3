import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

/**
 * Serves a registry at GET /metrics on a port of its own (METRICS_HOST:METRICS_PORT, loopback by
 * default), apart from the public api: applicants reach the api through the web origin's /api and never
 * this port. Anything else answers 404.
 */
export function serveMetrics(registry: Registry, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
