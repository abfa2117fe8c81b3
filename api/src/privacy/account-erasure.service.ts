import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { Types, type Connection } from 'mongoose';
import { ACCOUNT_CODES, COLLECTIONS, type ErasureKeptRecord, type ErasureView } from '@portal/libs';
import { ERASURE_WORKFLOW_TYPE, erasureWorkflowId } from '@portal/workflows';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { TEMPORAL_CLIENT } from '../temporal/temporal-client.token';

/** What a submitted application keeps, for a lender's record-keeping (docs/security.md, Deleting an account). */
const KEPT: ErasureKeptRecord[] = ['signedApplication', 'opportunity', 'identity'];

@Injectable()
export class AccountErasureService {
  private readonly logger = new Logger(AccountErasureService.name);

  constructor(
    @InjectConnection() private readonly mongo: Connection,
    @Inject(TEMPORAL_CLIENT) private readonly client: Client,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
  ) {}

  /** What deleting this user's account would keep, and until when if it went today. */
  async view(userId: string): Promise<ErasureView> {
    const db = this.mongo.db!;
    const app = await db.collection(COLLECTIONS.applications).findOne({ userId: new Types.ObjectId(userId) });
    if (!app?.sfOpportunityId) return { submitted: false, kept: [] };
    const business = await db.collection(COLLECTIONS.businesses).findOne({ applicationId: app._id });
    const country = business?.country === 'CA' ? 'CA' : 'US';
    const years = country === 'CA' ? this.settings.RETENTION_YEARS_CA : this.settings.RETENTION_YEARS_US;
    const until = new Date();
    until.setUTCFullYear(until.getUTCFullYear() + years);
    return { submitted: true, kept: KEPT, keepUntil: until.toISOString().slice(0, 10), country, years };
  }

  /**
   * Starts the account's erasure workflow, or finds the one already started (a double click, two tabs):
   * one run per account. Temporal unreachable: 503, and the account stays as it is.
   */
  async start(userId: string): Promise<void> {
    const workflowId = erasureWorkflowId(userId);
    try {
      await this.client.workflow.start(ERASURE_WORKFLOW_TYPE, {
        workflowId,
        taskQueue: this.settings.TEMPORAL_TASK_QUEUE,
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        args: [{ userId }],
      });
    } catch (e) {
      if (!(e instanceof WorkflowExecutionAlreadyStartedError)) {
        this.logger.error(`account erasure not started: ${workflowId}: ${(e as Error).name}`);
        throw new ServiceUnavailableException(ACCOUNT_CODES.somethingWentWrong);
      }
    }
    // Operators: ids only.
    this.logger.log(`account erasure requested: ${workflowId}`);
  }
}
