import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { ACCOUNT_CODES, API_CODES, TRY_AGAIN_CODE, isMessageCode, messageText, type MessageCode } from '@portal/libs';
import { isTransientDatabaseError } from './transient-db-error';
import { TooManyRequestsError } from './rate-limit';
import { rateLimitHits } from './metrics';

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
  body: { statusCode: number; name: string; message: string; data: ErrorData };
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
  constructor(message: MessageCode = ACCOUNT_CODES.somethingWentWrong) {
    super({ message, code: TRY_AGAIN_CODE }, HttpStatus.SERVICE_UNAVAILABLE);
    this.name = 'ServiceUnavailableException';
  }
}

/**
 * data: the English `message` (the web shows data.message; other clients rely on it, word for
 * word) and its `messageCode` (libs/src/validation/codes.ts), on every error. `fields` keeps each field's
 * English and `fieldCodes` beside it holds their codes: a parallel map rather than objects in `fields`,
 * so every client that reads `fields[name]` as text keeps working. `code` is a refusal's own code to act
 * on (a journey refusal, TRY_AGAIN, NO_SESSION), as before; `current` the answers as saved now beside an
 * ANSWERS_CHANGED refusal (common/revisions.ts).
 */
export type ErrorData = {
  message: string;
  messageCode: MessageCode;
  fields?: Record<string, string>;
  fieldCodes?: Record<string, MessageCode>;
  code?: string;
  [more: string]: unknown;
};

/** A message the api threw: a code (answered with its English), or a text of Nest's or a library's own. */
const fromThrown = (thrown: string, status: number) =>
  isMessageCode(thrown)
    ? { message: messageText(thrown), messageCode: thrown }
    : // Nest's own words (a route it does not know, a refused method): a code per status, stable.
      { message: thrown, messageCode: `http.${status}` };

/** The status and body the filter answers an error with (the idempotency layer stores 4xx ones). */
export function errorAnswer(exception: unknown): ErrorAnswer {
  if (isBodyParserRefusal(exception)) {
    const e = exception as Error & { status: number };
    exception = new HttpException(e.status === 400 ? API_CODES.badRequest : e.message, e.status);
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const retryAfter = (exception as { retryAfter?: number }).retryAfter;
    const body = exception.getResponse();
    const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
    const thrown = Array.isArray(raw) ? String(raw[0]) : String(raw ?? exception.message);
    const { message, messageCode } = fromThrown(thrown, status);
    const { fields, code, current } =
      typeof body === 'object' ? (body as { fields?: Record<string, string>; code?: string; current?: unknown }) : {};
    const coded = fields
      ? Object.entries(fields).map(([name, f]) => [name, fromThrown(f, status)] as const)
      : undefined;
    return {
      status,
      ...(retryAfter ? { retryAfter } : {}),
      body: {
        statusCode: status,
        name: exception.name,
        message,
        data: {
          message,
          messageCode,
          ...(coded
            ? {
                fields: Object.fromEntries(coded.map(([name, f]) => [name, f.message])),
                fieldCodes: Object.fromEntries(coded.map(([name, f]) => [name, f.messageCode])),
              }
            : {}),
          ...(code ? { code } : {}),
          ...(current !== undefined ? { current } : {}),
        },
      },
    };
  }
  const messageCode = ACCOUNT_CODES.somethingWentWrong;
  const message = messageText(messageCode);
  if (isTransientDatabaseError(exception))
    return { ...errorAnswer(new TryAgainException(messageCode)), transient: true };
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    unexpected: true,
    body: { statusCode: 500, name: 'InternalServerErrorException', message, data: { message, messageCode } },
  };
}

/**
 * Every error answers { statusCode, name, message, data: { message, messageCode, fields?, fieldCodes?,
 * code? } } (ErrorData): the web client translates data.messageCode (showing data.message
 * when it has no words for it) and acts on data.code, never on the text. Unexpected errors are logged
 * without request bodies (they may hold PII).
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
    // A rate limit or lockout answered: counted by the limit's name (metrics/registry.ts).
    if (exception instanceof TooManyRequestsError) rateLimitHits.inc({ limit: exception.limit });
    if (answer.unexpected) this.logger.error((exception as Error)?.stack ?? String(exception));
    else if (answer.transient)
      this.logger.warn(`database busy or out of reach, answered 503: ${(exception as Error).message}`);
    if (answer.retryAfter) res.setHeader('Retry-After', String(answer.retryAfter));
    res.status(answer.status).json(answer.body);
  }
}
