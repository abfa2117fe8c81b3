import {
  BadRequestException,
  Controller,
  HttpCode,
  Inject,
  Logger,
  Param,
  Post,
  ServiceUnavailableException,
  UseGuards,
} from '@nestjs/common';
import { WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { FILE_MESSAGES } from '@portal/libs';
import { applicationWorkflowId, submitStatements } from '@portal/workflows';
import { ApplicationsService } from '../applications/applications.service';
import { CurrentUser, SessionGuard, type SignedIn } from '../auth/session.guard';
import { StagesService } from '../stages/stages.service';
import { TEMPORAL_CLIENT } from '../temporal/temporal.module';

/** Section 4 'Bank statements submit', as one durable step of the application's workflow. */
@Controller('application')
@UseGuards(SessionGuard)
export class SubmissionController {
  private readonly logger = new Logger(SubmissionController.name);

  constructor(
    @Inject(TEMPORAL_CLIENT) private readonly temporal: Client,
    private readonly applications: ApplicationsService,
    private readonly stages: StagesService,
  ) {}

  @Post(':id/submit-statements')
  @HttpCode(200)
  async submit(@Param('id') id: string, @CurrentUser() user: SignedIn) {
    await this.applications.owned(id, user.userId);
    try {
      const position = await this.temporal.workflow
        .getHandle(applicationWorkflowId(id))
        .executeUpdate(submitStatements, { args: [] });
      const stage = await this.stages.save(id, position);
      const app = await this.applications.owned(id, user.userId);
      return { data: { sfOpportunityId: app.sfOpportunityId, stage } };
    } catch (e) {
      if (e instanceof WorkflowUpdateFailedError) {
        const cause = e.cause as { cause?: { message?: string }; message?: string } | undefined;
        const inner = cause?.cause?.message ?? cause?.message;
        this.logger.error({ msg: 'statements submit failed', applicationId: id, error: inner });
        // Our own refusals carry a message meant for the applicant; anything else is unknown to them.
        if (cause && !cause.cause && cause.message) throw new BadRequestException(cause.message);
        throw new BadRequestException(FILE_MESSAGES.unknown);
      }
      this.logger.error({ msg: 'statements submit failed', applicationId: id, error: (e as Error).message });
      throw new ServiceUnavailableException(FILE_MESSAGES.unknown);
    }
  }
}
