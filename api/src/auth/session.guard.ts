import {
  ForbiddenException,
  Injectable,
  createParamDecorator,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { ACCESS_COOKIE } from './cookies';
import { TokensService, type AccessClaims } from './tokens.service';

export type SignedIn = { userId: string; userName: string; sessionId: string };
type AuthedRequest = Request & { signedIn?: SignedIn };

/**
 * Lets a request through only with a valid access token. Anything else answers 403 ForbiddenException
 * with 'Forbidden resource', which the web client answers with one refresh and a retry.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly tokens: TokensService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const claims: AccessClaims | undefined = this.tokens.verifyAccessToken(req.cookies?.[ACCESS_COOKIE]);
    // A logged-out, reset or stolen-and-revoked session ends now, not when its token expires.
    if (!claims || (await this.tokens.isRevoked(claims.sid))) throw new ForbiddenException();
    req.signedIn = { userId: claims.sub, userName: claims.usr, sessionId: claims.sid };
    return true;
  }
}

/** The signed-in user of a request behind SessionGuard. */
export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): SignedIn => context.switchToHttp().getRequest<AuthedRequest>().signedIn!,
);
