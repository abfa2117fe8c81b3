/**
 * A client span for one request made through node:http/https: Box's SDK sends through node-fetch,
 * which undici's channels do not see, so the agent the SDK is given (esign/box.client.ts) opens one span per
 * request, retries and the token call included. Like the undici spans: method, host, port, the path with
 * anything but plain words replaced by {id} and no query string, and the status; a no-op while TRACES_URL is none.
 */
import type { ClientRequest, IncomingMessage } from 'node:http';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { errorType } from '@portal/libs/dist/telemetry/client-span';
import { pathTemplate } from './tracing';

export function traceClientRequest(req: ClientRequest, options: { secureEndpoint?: boolean } = {}) {
  const { template } = pathTemplate(req.path || '/');
  const secure = options.secureEndpoint ?? req.protocol === 'https:';
  const port = Number(/:(\d+)$/.exec(String(req.getHeader('host') ?? ''))?.[1] ?? (secure ? 443 : 80));
  const span = trace.getTracer('portal-worker').startSpan(`${req.method} ${template}`, {
    kind: SpanKind.CLIENT,
    attributes: {
      'http.request.method': req.method,
      'server.address': req.host,
      'server.port': port,
      'url.path': template,
    },
  });
  let ended = false;
  const end = (failure?: string) => {
    if (ended) return;
    ended = true;
    if (failure) {
      span.setAttribute('error.type', failure);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
  let responded = false;
  req.once('response', (res: IncomingMessage) => {
    responded = true;
    const status = res.statusCode ?? 0;
    span.setAttribute('http.response.status_code', status);
    res.once('close', () => end(!res.complete ? 'response_incomplete' : status >= 400 ? String(status) : undefined));
  });
  req.once('error', (e) => end(errorType(e)));
  req.once('close', () => !responded && end('no_response'));
}
