import {
  BadRequestException,
  HttpException,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { isUtf8 } from 'node:buffer';
import { API_CODES, FILE_CODES } from '@portal/libs';

/**
 * The largest body the api reads. The largest legitimate one, two owners with every field at its
 * limit, is under 3 kB; 100 kB leaves room without letting a client make the api parse megabytes.
 */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;
/**
 * No form nests deeper than 4 levels; 32 leaves room. Nest's ValidationPipe, which every body goes
 * through (validation.pipe.ts), and class-transformer walk a body recursively: unbounded, the pipe
 * overflowed its stack on 20,000 nested arrays.
 */
export const MAX_JSON_DEPTH = 32;
/**
 * Routes that take multipart (the streamed document upload, and a phone link's photos);
 * every other body must be JSON.
 */
const MULTIPART_ROUTES = [/^\/api\/file\/s3\/?$/, /^\/api\/phone\/[^/?]+\/photos\/?$/];

/** The codes of the body refusals (their English is in libs' API_MESSAGES, answered by the exception filter). */
export const BODY_MESSAGES = {
  tooLarge: API_CODES.bodyTooLarge(JSON_BODY_LIMIT_BYTES / 1024),
  json: API_CODES.bodyNotJson,
  compressed: API_CODES.bodyCompressed,
  charset: API_CODES.bodyCharset,
  invalidJson: API_CODES.bodyInvalidJson,
  notUtf8: API_CODES.bodyNotUtf8,
  notObject: API_CODES.bodyNotObject,
  tooDeep: API_CODES.bodyTooDeep(MAX_JSON_DEPTH),
  forbiddenKey: API_CODES.bodyForbiddenKey,
  incomplete: API_CODES.bodyIncomplete,
} as const;

type RawRequest = Request & { rawBody?: Buffer };

/** A body is present when it has bytes: a Content-Length above 0, or a chunked stream. */
const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Refuses a body of the wrong type before anything reads it: 415 with what is expected. The upload
 * route takes nothing but multipart, even empty (its stream parser throws on any other type); there a
 * wrong type is a malformed upload, 400 like a missing boundary.
 */
function requireDeclaredType(req: Request, _res: Response, next: NextFunction) {
  if (req.method === 'POST' && MULTIPART_ROUTES.some((re) => re.test(req.path)))
    return next(
      /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')
        ? undefined
        : new BadRequestException(FILE_CODES.pdfOnly),
    );
  if (!hasBody(req)) return next();
  next(req.is('application/json') ? undefined : new UnsupportedMediaTypeException(BODY_MESSAGES.json));
}

/** The first problem of a parsed body: not an object, nested deeper than the limit, or a __proto__ key. */
export function bodyProblem(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return BODY_MESSAGES.notObject;
  // Iterative on purpose: a recursive walk would overflow on the very bodies it is meant to refuse.
  const stack: [unknown, number][] = [[body, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return BODY_MESSAGES.tooDeep;
    if (Object.hasOwn(value, '__proto__')) return BODY_MESSAGES.forbiddenKey;
    for (const child of Object.values(value))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return undefined;
}

/**
 * After parsing: handlers always get an object (never undefined), and a parsed body is valid UTF-8,
 * an object, and shallow enough for the validators that recurse.
 */
function checkParsedBody(req: RawRequest, _res: Response, next: NextFunction) {
  if (req.rawBody === undefined) {
    req.body = {};
    return next();
  }
  if (!isUtf8(req.rawBody)) return next(new BadRequestException(BODY_MESSAGES.notUtf8));
  const problem = bodyProblem(req.body);
  next(problem ? new BadRequestException(problem) : undefined);
}

/** body-parser's errors, by their `type`, as the answers every client reads (never a 500). */
const PARSER_ERRORS: Record<string, () => HttpException> = {
  'entity.too.large': () => new PayloadTooLargeException(BODY_MESSAGES.tooLarge),
  'entity.parse.failed': () => new BadRequestException(BODY_MESSAGES.invalidJson),
  'encoding.unsupported': () => new UnsupportedMediaTypeException(BODY_MESSAGES.compressed),
  'charset.unsupported': () => new UnsupportedMediaTypeException(BODY_MESSAGES.charset),
  'request.aborted': () => new BadRequestException(BODY_MESSAGES.incomplete),
  'request.size.invalid': () => new BadRequestException(BODY_MESSAGES.incomplete),
};

function translateParserErrors(err: unknown, _req: Request, _res: Response, next: NextFunction) {
  const type = (err as { type?: unknown })?.type;
  const status = Number((err as { status?: unknown })?.status);
  const known = typeof type === 'string' ? PARSER_ERRORS[type] : undefined;
  if (known) return next(known());
  // Any other client error of the parser keeps its status, with a plain message.
  if (!(err instanceof HttpException) && status >= 400 && status < 500)
    return next(new HttpException(API_CODES.invalidRequestBody, status));
  next(err);
}

/**
 * JSON bodies only (multipart on the upload route), at most 100 kB, uncompressed UTF-8, an object at
 * most 32 levels deep; refusals pass to the exception filter, so they answer like every other error.
 * The raw bytes stay on req.rawBody for the Box webhook's signature.
 */
export function useJsonBodies(app: NestExpressApplication) {
  app.use(requireDeclaredType);
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT_BYTES, inflate: false });
  app.use(checkParsedBody);
  app.use(translateParserErrors);
}
