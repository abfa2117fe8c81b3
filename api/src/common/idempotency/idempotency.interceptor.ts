import {
  Injectable,
  Logger,
  SetMetadata,
  UseInterceptors,
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';
import { IDEMPOTENT_REPLAY_HEADER, isIdempotencyKey } from '@portal/libs';
import { PreparedAnswer, errorAnswer } from '../http-exception.filter';
import { IdempotencyError, IdempotencyService, type Claim } from './idempotency.service';

export type IdempotentOptions = {
  /**
   * 'user' (default): keys belong to the signed-in user (the handler sits behind SessionGuard).
   * 'anonymous': before sign-in (register); a stored answer is given only to a request with the same key
   * and the same fingerprint, i.e. to someone who sent exactly the same body.
   */
  scope?: 'user' | 'anonymous';
  /**
   * 'body' (default): the parsed JSON body. 'stream': the body is a multipart stream the handler reads;
   * it is not buffered, so the fingerprint is the content type without its boundary and the length.
   */
  fingerprint?: 'body' | 'stream';
};

const IDEMPOTENT = Symbol('idempotent');

/** Statuses that say 'not now' rather than answer the request: never stored, the key is given back. */
const TRANSIENT = new Set([408, 429]);

/** JSON with sorted keys, so a retry that orders its fields differently is the same request. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'undefined';
}

type KeyedRequest = Request & { signedIn?: { userId: string } };

/**
 * Answers a repeated Idempotency-Key with the first answer. Apply with @Idempotent() on a handler; the
 * header is optional (without it the request runs as before), a malformed one answers 400.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly keys: IdempotencyService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const opts = this.reflector.get<IdempotentOptions | undefined>(IDEMPOTENT, context.getHandler()) ?? {};
    const req = context.switchToHttp().getRequest<KeyedRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const key = req.headers['idempotency-key'];
    if (key === undefined) return next.handle();
    if (!isIdempotencyKey(key)) return throwError(() => new IdempotencyError('IDEMPOTENCY_KEY_INVALID'));
    const scope = opts.scope === 'anonymous' ? 'anonymous' : req.signedIn && `user:${req.signedIn.userId}`;
    if (!scope) return next.handle();
    const path = req.originalUrl;
    const fingerprint =
      opts.fingerprint === 'stream'
        ? this.keys.fingerprint(
            req.method,
            path,
            String(req.headers['content-type'] ?? '').replace(/;\s*boundary=("[^"]*"|[^;]*)/i, ''),
            String(req.headers['content-length'] ?? 'chunked'),
          )
        : this.keys.fingerprint(req.method, path, canonical(req.body ?? {}));
    const successStatus =
      (Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number | undefined) ??
      (req.method === 'POST' ? 201 : 200);

    return from(this.keys.begin(this.keys.recordId(scope, key), fingerprint)).pipe(
      mergeMap((outcome) => {
        if ('replay' in outcome) {
          res.setHeader(IDEMPOTENT_REPLAY_HEADER, 'true');
          const { status, body } = outcome.replay;
          return throwError(() => new PreparedAnswer(status, body === '' ? undefined : JSON.parse(body)));
        }
        // A streamed body cut short (the client's connection broke) is not the request the key names:
        // its refusal is not stored, so the retry of the whole upload runs.
        const cutShort = () => opts.fingerprint === 'stream' && !req.complete;
        return this.run(outcome.run, next, successStatus, cutShort);
      }),
    );
  }

  private run(claim: Claim, next: CallHandler, successStatus: number, cutShort: () => boolean): Observable<unknown> {
    return next.handle().pipe(
      catchError((e: unknown) => from(this.settle(claim, e, cutShort())).pipe(mergeMap(() => throwError(() => e)))),
      mergeMap(async (value) => {
        // Stored before it is sent, so a repeat right after it finds the answer. The request has run:
        // if the answer cannot be stored, it is still the answer (the claim then expires with its lease).
        await claim
          .complete(successStatus, value === undefined ? '' : JSON.stringify(value))
          .catch((e: Error) => this.logger.warn(`could not store an idempotent answer: ${e.message}`));
        return value;
      }),
    );
  }

  /** A 4xx is the request's answer and is stored; a 5xx, a crash or a 'not now' gives the key back. */
  private async settle(claim: Claim, e: unknown, cutShort: boolean) {
    const answer = errorAnswer(e);
    const stored =
      answer.status >= 400 && answer.status < 500 && !TRANSIENT.has(answer.status) && !answer.retryAfter && !cutShort;
    try {
      if (stored) await claim.complete(answer.status, JSON.stringify(answer.body));
      else await claim.release();
    } catch (storeError) {
      this.logger.warn(`could not settle an idempotency claim: ${(storeError as Error).message}`);
    }
  }
}

/**
 * The handler accepts an Idempotency-Key (docs/security.md, 'Idempotent requests'). Put it after @UseGuards on a
 * signed-in handler: guards run first, so the key is scoped to the signed-in user.
 */
export const Idempotent = (opts: IdempotentOptions = {}) =>
  applyDecorators(SetMetadata(IDEMPOTENT, opts), UseInterceptors(IdempotencyInterceptor));
