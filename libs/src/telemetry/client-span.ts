/**
 * Client spans for the external calls undici's channels do not see, or a trace would stop at them: S3
 * (@aws-sdk/client-s3, through a middleware on each client), SMTP (nodemailer) and Box (box-node-sdk's node-fetch; the
 * worker's agent makes the span). Only @opentelemetry/api is loaded here: with no SDK registered (TRACES_URL none)
 * every span is the API's no-op and costs nothing. Not in the package index: the web never loads it.
 *
 * PII rule (tracing.ts's allow-list): a span names the service and the operation, the server's host and port,
 * the status and an error's code; never an address, a subject, a file name or an object key (an upload's key
 * holds the applicant's file name: only its kind, `documents` or `signature`, is kept).
 */
import { SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

const tracer = () => trace.getTracer('portal-client');

/** An error's code as a span may carry it: a word-like code or status (e.g. `AccessDenied`, `EAUTH`, `smtp_454`), else its class. */
export function errorType(e: unknown): string {
  const err = e as { Code?: unknown; code?: unknown; responseCode?: unknown; name?: unknown } | undefined;
  if (typeof err?.responseCode === 'number') return `smtp_${err.responseCode}`;
  for (const c of [err?.Code, err?.code]) if (typeof c === 'string' && /^[A-Za-z0-9_.-]{1,60}$/.test(c)) return c;
  return typeof err?.name === 'string' && /^[A-Za-z0-9_]{1,60}$/.test(err.name) ? err.name : 'Error';
}

/**
 * Runs `call` inside a CLIENT span named `name`, a child of the active span (the api's request, the worker's
 * activity); a failure sets `error.type` and the span's error status, and is thrown on unchanged.
 */
export function withClientSpan<T>(
  name: string,
  attributes: Attributes,
  call: (span: Span) => Promise<T>,
  failure: (e: unknown) => string = errorType,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await call(span);
    } catch (e) {
      span.setAttribute('error.type', failure(e));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw e;
    } finally {
      span.end();
    }
  });
}

/** The kind of an object key (`applications/<id>/<kind>/…`): `documents`, `signature`, or `other`. */
export function s3KeyKind(key: unknown): string {
  const kind = typeof key === 'string' ? key.split('/')[2] : undefined;
  return kind && /^[a-z][a-z-]{0,30}$/.test(kind) ? kind : 'other';
}

type S3Metadata = { $metadata?: { httpStatusCode?: number } };
type S3Args = { input?: { Key?: unknown }; request?: { hostname?: unknown; port?: unknown; protocol?: unknown } };
type S3Handler = (args: S3Args) => Promise<{ output?: S3Metadata; response?: { statusCode?: number } }>;
/** The part of an S3Client this needs (its middleware stack), typed loosely: libs does not depend on the SDK. */
export type S3ClientLike = {
  middlewareStack: { add(middleware: never, options: { step: 'deserialize'; name: string; priority: 'high' }): void };
};

/**
 * One CLIENT span per attempt of every command the client sends (`S3 PutObject`): its operation, the key's kind,
 * the endpoint's host and port, and the status S3 answered (its error code on a failure).
 */
export function traceS3<C extends S3ClientLike>(client: C): C {
  const middleware =
    (next: S3Handler, context: { commandName?: string }) =>
    (args: S3Args): ReturnType<S3Handler> => {
      const operation = (context.commandName ?? 'Command').replace(/Command$/, '');
      const req = args.request ?? {};
      const secure = req.protocol !== 'http:';
      const port = typeof req.port === 'number' ? req.port : secure ? 443 : 80;
      return withClientSpan(
        `S3 ${operation}`,
        {
          'rpc.system': 'aws-api',
          'rpc.service': 'S3',
          'rpc.method': operation,
          's3.key_kind': s3KeyKind(args.input?.Key),
          ...(typeof req.hostname === 'string' ? { 'server.address': req.hostname, 'server.port': port } : {}),
        },
        async (span) => {
          try {
            const result = await next(args);
            const status = result.response?.statusCode ?? result.output?.$metadata?.httpStatusCode;
            if (status !== undefined) span.setAttribute('http.response.status_code', status);
            return result;
          } catch (e) {
            const status = (e as S3Metadata).$metadata?.httpStatusCode;
            if (status !== undefined) span.setAttribute('http.response.status_code', status);
            throw e;
          }
        },
      );
    };
  client.middlewareStack.add(middleware as never, {
    step: 'deserialize',
    name: 'portalClientSpan',
    // Outside the deserializer: S3's refusals arrive here as its exceptions, with their code and status.
    priority: 'high',
  });
  return client;
}

/** A CLIENT span around one SMTP send (`SMTP send`): the server's host and port, and the reply code of a refusal. */
export function withSmtpSpan<T>(smtp: { host?: string; port?: number }, call: () => Promise<T>): Promise<T> {
  return withClientSpan(
    'SMTP send',
    {
      'rpc.system': 'smtp',
      ...(smtp.host ? { 'server.address': smtp.host } : {}),
      ...(smtp.port ? { 'server.port': smtp.port } : {}),
    },
    call,
  );
}
