import { Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { SETTINGS, type ApiSettings } from '../config/settings.module';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Operators are not applicants: no session cookie, but `Authorization: Bearer <OPERATOR_TOKEN>`. The
 * comparison runs over digests, so its time tells nothing about the token's length or prefix.
 */
@Injectable()
export class OperatorGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(SETTINGS) settings: ApiSettings) {
    this.expected = digest(settings.OPERATOR_TOKEN);
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const m = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '');
    if (!m || !timingSafeEqual(digest(m[1]!), this.expected))
      throw new UnauthorizedException('Operator token required');
    return true;
  }
}
