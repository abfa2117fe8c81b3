import { BadRequestException, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { extendDeadline, getProgress, resendSignRequest, retryCrmSync, withdrawApplication } from '@portal/workflows';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { OperatorGuard } from './operator.guard';

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** The operator actions, by their CLI names (`npm run ops -- <action> <applicationId>`). */
export const OPERATOR_ACTIONS = ['resend-signing', 'extend-deadline', 'retry-crm-sync', 'withdraw'] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/**
 * Operators act on one application through its workflow: each action is a signal, answered 202 once
 * Temporal has it; what the workflow then did shows in getProgress (GET .../progress) and the UI.
 */
@Controller('operations/applications')
@UseGuards(OperatorGuard)
export class OperationsController {
  constructor(private readonly workflows: ApplicationWorkflows) {}

  @Get(':id/progress')
  async progress(@Param('id') id: string) {
    return { data: await this.workflows.query(idOf(id), getProgress) };
  }

  @Post(':id/:action')
  @HttpCode(202)
  async act(@Param('id') id: string, @Param('action') action: string) {
    const applicationId = idOf(id);
    switch (action as OperatorAction) {
      case 'resend-signing':
        await this.workflows.signal(applicationId, resendSignRequest);
        break;
      case 'extend-deadline':
        await this.workflows.signal(applicationId, extendDeadline);
        break;
      case 'retry-crm-sync':
        await this.workflows.signal(applicationId, retryCrmSync);
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
