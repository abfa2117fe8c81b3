import { ForbiddenException, Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { API_CODES } from '@portal/libs';
import type { NextFunction, Request, Response } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER, setXsrfCookie } from '../session/cookies';
import { SETTINGS, type ApiSettings } from '../config/settings.module';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Signed server-to-server callbacks (e-sign webhooks) carry their own proof instead, and so do the
 * operators' routes (a bearer token, never a cookie, so a forged cross-site request has nothing to ride).
 */
const EXEMPT = [/^\/api\/webhooks\//, /^\/api\/codec\//, /^\/api\/operations\//];

export const XSRF_REFUSED = API_CODES.xsrfRefused;

/**
 * Double-submit XSRF protection: the first response of any kind sets the XSRF-TOKEN cookie, and every
 * POST, PUT, PATCH and DELETE must echo it in X-XSRF-TOKEN.
 */
@Injectable()
export class XsrfMiddleware implements NestMiddleware {
  constructor(@Inject(SETTINGS) private readonly settings: ApiSettings) {}

  use(req: Request, res: Response, next: NextFunction) {
    const cookie: string | undefined = req.cookies?.[XSRF_COOKIE];
    if (!cookie) setXsrfCookie(res, randomBytes(24).toString('base64url'), this.settings);
    if (SAFE.has(req.method) || EXEMPT.some((re) => re.test(req.originalUrl))) return next();
    const header = req.get(XSRF_HEADER) ?? '';
    const ok = !!cookie && header.length === cookie.length && timingSafeEqual(Buffer.from(header), Buffer.from(cookie));
    if (!ok) throw new ForbiddenException(XSRF_REFUSED);
    next();
  }
}
