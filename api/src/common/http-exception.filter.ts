import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { TRY_AGAIN_CODE } from '@portal/libs';
import { isTransientDatabaseError } from './transient-db-error';

/**
 * body-parser's refusals of a request body (http-errors with a 4xx status: 400 cut short, 413 too large,
 * 415 a false content encoding or an unknown charset) are the client's doing: their own 4xx, never 500.
 */
const isBodyParserRefusal = (e: unknown) =>
  e instanceof Error &&
  !(e instanceof HttpException) &&
  (e as { expose?: unknown }).expose === true &&
  Number((e as { status?: unknown }).status) >= 400 &&
  Number((e as { status?: unknown }).status) < 500;

export type ErrorAnswer = {
  status: number;
  body: { statusCode: number; name: string; message: string; data: Record<string, unknown> };
  retryAfter?: number;
  /** Not an HttpException: a bug or an outage, logged by the filter. */
  unexpected?: true;
  /** The database said 'not now' (the request took no effect): logged in one line, answered 503. */
  transient?: true;
};

/**
 * An answer prepared elsewhere (the stored first answer of an idempotent request), sent exactly as it
 * is: status and body.
 */
export class PreparedAnswer extends HttpException {
  constructor(
    status: number,
    readonly body: unknown,
  ) {
    super('Prepared answer', status);
  }
}

/**
 * 503 for a request that took no effect and may simply go again (the web client sends it again with the
 * same Idempotency-Key after Retry-After): the database was busy, or the workflow has earlier signals
 * still waiting in the outbox.
 */
export class TryAgainException extends HttpException {
  readonly retryAfter = 1;
  constructor(message: string = 'Something went wrong') {
    super({ message, code: TRY_AGAIN_CODE }, HttpStatus.SERVICE_UNAVAILABLE);
    this.name = 'ServiceUnavailableException';
  }
}

/** The status and body the filter answers an error with (the idempotency layer stores 4xx ones). */
export function errorAnswer(exception: unknown): ErrorAnswer {
  if (isBodyParserRefusal(exception)) {
    const e = exception as Error & { status: number };
    exception = new HttpException(e.status === 400 ? 'Bad Request' : e.message, e.status);
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const retryAfter = (exception as { retryAfter?: number }).retryAfter;
    const body = exception.getResponse();
    const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
    const message = Array.isArray(raw) ? String(raw[0]) : String(raw ?? exception.message);
    const { fields, code } =
      typeof body === 'object' ? (body as { fields?: Record<string, string>; code?: string }) : {};
    return {
      status,
      ...(retryAfter ? { retryAfter } : {}),
      body: {
        statusCode: status,
        name: exception.name,
        message,
        data: { message, ...(fields ? { fields } : {}), ...(code ? { code } : {}) },
      },
    };
  }
  const message = 'Something went wrong';
  if (isTransientDatabaseError(exception)) return { ...errorAnswer(new TryAgainException(message)), transient: true };
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    unexpected: true,
    body: { statusCode: 500, name: 'InternalServerErrorException', message, data: { message } },
  };
}

/**
 * Every error answers { statusCode, name, message, data: { message, fields?, code? } }: the web client
 * shows data.message (section 8) and matches on data.code, never on the text. Unexpected errors are logged without request bodies (they may hold PII).
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof PreparedAnswer) {
      res.status(exception.getStatus()).json(exception.body);
      return;
    }
    const answer = errorAnswer(exception);
    if (answer.unexpected) this.logger.error((exception as Error)?.stack ?? String(exception));
    else if (answer.transient)
      this.logger.warn(`database busy or out of reach, answered 503: ${(exception as Error).message}`);
    if (answer.retryAfter) res.setHeader('Retry-After', String(answer.retryAfter));
    res.status(answer.status).json(answer.body);
  }
}
