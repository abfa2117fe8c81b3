import {
  Controller,
  Get,
  Inject,
  Ip,
  Logger,
  NotFoundException,
  Param,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { AFFILIATE_STATUS_WORKFLOW_TYPE, affiliateStatusWorkflowId, type AffiliateCheck } from '@portal/workflows';
import { RateLimiter } from '../common/rate-limit';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { TEMPORAL_CLIENT } from '../temporal/temporal.module';

export const AFFILIATE_NOT_FOUND = 'Affiliate not found';
const SF_ID = /^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/;

/**
 * GET account/account-status/{affiliateId}. Anonymous (the affiliate link is followed before sign-up),
 * so it answers only for affiliate accounts (anything else is 'not found', like an unknown id) and is
 * rate-limited per address: it must not become a way to read arbitrary CRM accounts.
 */
@Controller('account')
export class AccountsController {
  private readonly logger = new Logger(AccountsController.name);

  constructor(
    @Inject(TEMPORAL_CLIENT) private readonly temporal: Client,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
    private readonly limiter: RateLimiter,
  ) {}

  @Get('account-status/:affiliateId')
  async status(@Param('affiliateId') affiliateId: string, @Ip() ip: string) {
    await this.limiter.hit({ key: `affiliate-status:ip:${ip}`, max: 30, windowSeconds: 60 });
    if (!SF_ID.test(affiliateId)) throw new NotFoundException(AFFILIATE_NOT_FOUND);
    let check: AffiliateCheck;
    try {
      check = await this.temporal.workflow.execute(AFFILIATE_STATUS_WORKFLOW_TYPE, {
        workflowId: affiliateStatusWorkflowId(affiliateId, randomUUID()),
        taskQueue: this.settings.TEMPORAL_TASK_QUEUE,
        args: [affiliateId],
        workflowExecutionTimeout: '20 seconds',
      });
    } catch (e) {
      this.logger.error({ msg: 'affiliate status failed', error: (e as Error).message });
      throw new ServiceUnavailableException('Something went wrong');
    }
    if (check.recordTypeId === undefined || check.recordTypeId !== this.settings.AFFILIATE_RECORD_TYPE_ID)
      throw new NotFoundException(AFFILIATE_NOT_FOUND);
    return { Status__c: check.status ?? '', RecordTypeId: check.recordTypeId };
  }
}
