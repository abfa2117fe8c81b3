import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';

/**
 * Every error answers { statusCode, name, message, data: { message, fields? } }: the web client shows
 * data.message (section 8). Unexpected errors are logged without request bodies (they may hold PII).
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const retryAfter = (exception as { retryAfter?: number }).retryAfter;
      if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      const message = Array.isArray(raw) ? String(raw[0]) : String(raw ?? exception.message);
      const fields = typeof body === 'object' ? (body as { fields?: Record<string, string> }).fields : undefined;
      res
        .status(status)
        .json({ statusCode: status, name: exception.name, message, data: { message, ...(fields ? { fields } : {}) } });
      return;
    }
    this.logger.error((exception as Error)?.stack ?? String(exception));
    const message = 'Something went wrong';
    res
      .status(HttpStatus.INTERNAL_SERVER_ERROR)
      .json({ statusCode: 500, name: 'InternalServerErrorException', message, data: { message } });
  }
}
