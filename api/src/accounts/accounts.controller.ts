import { Controller, Get, Inject, NotFoundException, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { API_CODES } from '@portal/libs';
import { randomUUID } from 'node:crypto';
import { affiliateStatusAnswer } from '@portal/libs';
import { AFFILIATE_STATUS_WORKFLOW_TYPE, affiliateStatusWorkflowId, type AffiliateCheck } from '@portal/workflows';
import { RateLimiter } from '../common/rate-limit';
import { clientIp } from '../common/client-ip';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { AffiliateCheckCache } from './affiliate-check.cache';

export const AFFILIATE_NOT_FOUND = API_CODES.affiliateNotFound;
const SF_ID = /^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/;

/**
 * GET account/account-status/{affiliateId}. Anonymous (the affiliate link is followed before sign-up),
 * so it answers only for affiliate accounts (anything else is 'not found', like an unknown id) and is
 * rate-limited per address: it must not become a way to read arbitrary CRM accounts. Answers are cached
 * and the CRM checks it may make are budgeted across all addresses (AffiliateCheckCache): anonymous
 * callers cannot spend the org's API allowance.
 */
@Controller('account')
export class AccountsController {
  constructor(
    private readonly workflows: ApplicationWorkflows,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
    private readonly limiter: RateLimiter,
    private readonly cache: AffiliateCheckCache,
  ) {}

  @Get('account-status/:affiliateId')
  async status(@Param('affiliateId') affiliateId: string, @Req() req: Request) {
    await this.limiter.hit({ key: `affiliate-status:ip:${clientIp(req)}`, max: 30, windowSeconds: 60 });
    if (!SF_ID.test(affiliateId)) throw new NotFoundException(AFFILIATE_NOT_FOUND);
    const check = await this.cache.check(affiliateId, () =>
      this.workflows.execute<AffiliateCheck>(
        AFFILIATE_STATUS_WORKFLOW_TYPE,
        affiliateStatusWorkflowId(affiliateId, randomUUID()),
        [affiliateId],
        '20 seconds',
        'Something went wrong',
      ),
    );
    if (check.recordTypeId === undefined || check.recordTypeId !== this.settings.AFFILIATE_RECORD_TYPE_ID)
      throw new NotFoundException(AFFILIATE_NOT_FOUND);
    return affiliateStatusAnswer(check.status ?? '', check.recordTypeId);
  }
}
