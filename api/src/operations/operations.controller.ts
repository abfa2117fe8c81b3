import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { COMMON_CODES, EMAIL_PATTERN, all, maxLength, optional, pattern } from '@portal/libs';
import { FollowsRule } from '../common/rule.decorator';
import { extendDeadline, getProgress, resendSignRequest, retryCrmSync, withdrawApplication } from '@portal/workflows';
import { StatementReviews } from '../files/statement-reviews';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { OperatorGuard } from './operator.guard';

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** The operator actions, by their CLI names (`npm run ops -- <action> <applicationId>`). */
export const OPERATOR_ACTIONS = ['resend-signing', 'extend-deadline', 'retry-crm-sync', 'withdraw'] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/**
 * The body of an action: only retry-crm-sync takes one, a corrected lead email when Salesforce refused the
 * applicant's (LastError CRM_REJECTED:INVALID_EMAIL_ADDRESS); the lead is then made with it.
 */
export class OperatorActionDto {
  @FollowsRule(optional(all(maxLength(80), pattern(EMAIL_PATTERN, COMMON_CODES.emailInvalid)))) email?: string;
}

/**
 * Operators act on one application through its workflow: each action is a signal, answered 202 once
 * Temporal has it; what the workflow then did shows in getProgress (GET .../progress) and the UI.
 */
@Controller('operations/applications')
@UseGuards(OperatorGuard)
export class OperationsController {
  constructor(
    private readonly workflows: ApplicationWorkflows,
    private readonly reviews: StatementReviews,
  ) {}

  /**
   * The workflow's live progress, and each bank statement's review ('consistent' or what was found). The
   * progress is always a query, even of a closed run (which replays its history in the worker), never the
   * progress the applicant's pages read from the record (ApplicationProgress): operators ask rarely.
   */
  @Get(':id/progress')
  async progress(@Param('id') id: string) {
    const applicationId = idOf(id);
    const [progress, statementReviews] = await Promise.all([
      this.workflows.query(applicationId, getProgress),
      this.reviews.of(applicationId),
    ]);
    return { data: { ...progress, statementReviews } };
  }

  @Post(':id/:action')
  @HttpCode(202)
  async act(@Param('id') id: string, @Param('action') action: string, @Body() body: OperatorActionDto = {}) {
    const applicationId = idOf(id);
    switch (action as OperatorAction) {
      case 'resend-signing':
        await this.workflows.signal(applicationId, resendSignRequest);
        break;
      case 'extend-deadline':
        await this.workflows.signal(applicationId, extendDeadline);
        break;
      case 'retry-crm-sync':
        await this.workflows.signal(
          applicationId,
          retryCrmSync,
          ...(body?.email ? [{ lead: { email: body.email } }] : []),
        );
        break;
      case 'withdraw':
        await this.workflows.signal(applicationId, withdrawApplication, { by: 'operator' });
        break;
      default:
        throw new BadRequestException(`Unknown action; one of ${OPERATOR_ACTIONS.join(', ')}`);
    }
    return { accepted: action, applicationId };
  }
}

function idOf(id: string): string {
  if (!OBJECT_ID.test(id)) throw new BadRequestException('applicationId must be 24 hex characters');
  return id;
}
