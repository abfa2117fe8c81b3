import {
  ForbiddenException,
  Injectable,
  createParamDecorator,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { NO_SESSION, API_CODES } from '@portal/libs';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './cookies';
import { TokensService, type AccessClaims } from './tokens.service';

export type SignedIn = { userId: string; userName: string; sessionId: string };
type AuthedRequest = Request & { signedIn?: SignedIn };

/** The refresh cookie's path (cookies.ts): only requests below it can tell that it is absent. */
const REFRESH_COOKIE_SEEN = /^\/api\/auth\//;

/**
 * Lets a request through only with a valid access token. Anything else answers 403 ForbiddenException
 * with 'Forbidden resource', which the web client answers with one refresh and a retry. Where the
 * refresh cookie would have come along (/api/auth/*) and did not, the answer carries data.code
 * NO_SESSION: a refresh cannot succeed, so a signed-out visitor's session check is one round trip.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly tokens: TokensService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const claims: AccessClaims | undefined = this.tokens.verifyAccessToken(req.cookies?.[ACCESS_COOKIE]);
    // A logged-out, reset or stolen-and-revoked session ends now, not when its token expires.
    if (!claims && !req.cookies?.[REFRESH_COOKIE] && REFRESH_COOKIE_SEEN.test(req.originalUrl))
      throw new ForbiddenException({ message: API_CODES.forbidden, code: NO_SESSION });
    if (!claims || (await this.tokens.isRevoked(claims.sid))) throw new ForbiddenException();
    req.signedIn = { userId: claims.sub, userName: claims.usr, sessionId: claims.sid };
    return true;
  }
}

/** The signed-in user of a request behind SessionGuard. */
export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): SignedIn => context.switchToHttp().getRequest<AuthedRequest>().signedIn!,
);
