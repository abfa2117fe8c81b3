import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import type { Model } from 'mongoose';
import { ACCOUNT_MESSAGES, type JourneyPosition, type StageMove, type StageRecord } from '@portal/libs';
import { applicationWorkflowId, moveStage } from '@portal/workflows';
import { ApplicationsService } from '../applications/applications.service';
import { TEMPORAL_CLIENT } from '../temporal/temporal.module';
import { Stage } from './stage.schema';

/**
 * The journey position: the application's workflow decides (its update validator refuses impossible
 * moves), and MongoDB keeps a copy for reads such as the resume path after login.
 */
@Injectable()
export class StagesService {
  private readonly logger = new Logger(StagesService.name);

  constructor(
    @InjectModel(Stage.name) private readonly stages: Model<Stage>,
    @Inject(TEMPORAL_CLIENT) private readonly temporal: Client,
    private readonly applications: ApplicationsService,
  ) {}

  async current(applicationId: string, userId: string): Promise<StageRecord> {
    await this.applications.owned(applicationId, userId);
    const stage = await this.stages.findOne({ applicationId }).orFail(new BadRequestException('Stage not found'));
    return toRecord(stage);
  }

  async move(applicationId: string, userId: string, move: StageMove): Promise<StageRecord> {
    await this.applications.owned(applicationId, userId);
    let position: JourneyPosition;
    try {
      position = await this.temporal.workflow
        .getHandle(applicationWorkflowId(applicationId))
        .executeUpdate(moveStage, { args: [move] });
    } catch (e) {
      if (e instanceof WorkflowUpdateFailedError) throw new BadRequestException(e.cause?.message ?? e.message);
      this.logger.error({ msg: 'stage update failed', applicationId, error: (e as Error).message });
      throw new ServiceUnavailableException(ACCOUNT_MESSAGES.somethingWentWrong);
    }
    return this.save(applicationId, position);
  }

  /** Keeps the workflow's position in MongoDB; every move is saved with isPdfSent false (section 4). */
  async save(applicationId: string, position: JourneyPosition): Promise<StageRecord> {
    const saved = await this.stages
      .findOneAndUpdate({ applicationId }, { $set: { ...position, isPdfSent: false } }, { new: true, upsert: true })
      .orFail();
    return toRecord(saved);
  }
}

function toRecord(s: Stage): StageRecord {
  return {
    applicationId: String(s.applicationId),
    pageName: s.pageName,
    pageStep: s.pageStep,
    path: s.path,
    isPdfSent: s.isPdfSent,
  };
}
