import { Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { ApplicantStatus, CoOwnerSigning, SharedStatus } from '@portal/libs';
import type { Request } from 'express';
import { clientIp } from '../common/client-ip';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { RateLimiter } from '../common/rate-limit';
import { StatusService } from './status.service';

/** GET /application/{id}/progress: where the applicant's application stands (owner-checked). */
@Controller('application')
@UseGuards(SessionGuard)
export class ProgressController {
  constructor(private readonly status: StatusService) {}

  @Get(':id/progress')
  progress(@Param('id') id: string, @CurrentUser() user: SignedIn): Promise<ApplicantStatus> {
    return this.status.forOwner(id, user.userId);
  }

  /** Sends the co-owners still to sign their email again (owner-checked, then rate-limited). */
  @Post(':id/co-owner-invitation')
  @HttpCode(200)
  resend(@Param('id') id: string, @CurrentUser() user: SignedIn): Promise<{ sent: number }> {
    return this.status.resendInvitation(id, user.userId);
  }
}

/**
 * GET /status/shared/{token}: a co-owner's read-only view through the signed link in their email. No
 * session; the token is the only proof, and each address may ask 60 times in 15 minutes (like the other
 * public endpoints) so that nobody can try tokens in bulk.
 */
@Controller('status')
export class SharedStatusController {
  constructor(
    private readonly status: StatusService,
    private readonly limiter: RateLimiter,
  ) {}

  @Get('shared/:token')
  async shared(@Param('token') token: string, @Req() req: Request): Promise<SharedStatus> {
    await this.limiter.hit({ key: `status-link:ip:${clientIp(req)}`, max: 60, windowSeconds: 15 * 60 });
    return this.status.shared(token);
  }

  /**
   * GET /status/sign/{token}: a co-owner's signing link from their email opens their own signing session
   * (no session of ours; the token, single-purpose, is the only proof). Limited like the shared view.
   */
  @Get('sign/:token')
  async sign(@Param('token') token: string, @Req() req: Request): Promise<CoOwnerSigning> {
    await this.limiter.hit({ key: `status-link:ip:${clientIp(req)}`, max: 60, windowSeconds: 15 * 60 });
    return this.status.coOwnerSigning(token);
  }
}
