import { Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { API_CODES, ACCOUNT_CODES, type DataExportView } from '@portal/libs';
import {
  DATA_EXPORT_WORKFLOW_TYPE,
  dataExportWorkflowId,
  getDataExport,
  type DataExportInput,
  type DataExportState,
} from '@portal/workflows';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { TEMPORAL_CLIENT } from '../temporal/temporal-client.token';
import { DataExportStore } from './data-export-store';

const view = (s: DataExportState): DataExportView =>
  s.state === 'ready' && s.expiresAt && Date.parse(s.expiresAt) > Date.now()
    ? { state: 'ready', exportId: s.exportId, requestedAt: s.requestedAt, expiresAt: s.expiresAt }
    : s.state === 'building'
      ? { state: 'building', exportId: s.exportId, requestedAt: s.requestedAt }
      : { state: 'none' };

/**
 * "Download my data": one export workflow per account (workflows/src/privacy), asked for here, built and
 * mailed by the worker. The account's id names the workflow, so every read is the signed-in owner's own.
 */
@Injectable()
export class DataExportService {
  private readonly logger = new Logger('DataExport');

  constructor(
    @Inject(TEMPORAL_CLIENT) private readonly client: Client,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
    private readonly store: DataExportStore,
  ) {}

  /** The running export's state, or undefined when there is none. */
  private async state(userId: string): Promise<DataExportState | undefined> {
    const handle = this.client.workflow.getHandle(dataExportWorkflowId(userId));
    try {
      const described = await handle.describe();
      if (described.status.name !== 'RUNNING') return undefined;
      return await handle.query(getDataExport);
    } catch (e) {
      if (e instanceof WorkflowNotFoundError) return undefined;
      this.logger.error({ msg: 'data export: temporal unavailable', userId, error: (e as Error)?.message });
      throw new ServiceUnavailableException(ACCOUNT_CODES.somethingWentWrong);
    }
  }

  async view(userId: string): Promise<DataExportView> {
    const s = await this.state(userId);
    return s ? view(s) : { state: 'none' };
  }

  /**
   * Starts the account's export; while one is being built or its link lasts, a repeat (a double click, a
   * retry, another tab) answers that one: the running workflow is kept (USE_EXISTING).
   */
  async request(userId: string): Promise<DataExportView> {
    const input: DataExportInput = { userId, expiryMs: this.settings.DATA_EXPORT_EXPIRY };
    try {
      const handle = await this.client.workflow.start(DATA_EXPORT_WORKFLOW_TYPE, {
        workflowId: dataExportWorkflowId(userId),
        taskQueue: this.settings.TEMPORAL_TASK_QUEUE,
        workflowIdConflictPolicy: 'USE_EXISTING',
        args: [input],
      });
      this.logger.log({ msg: 'data export requested', userId, exportId: handle.firstExecutionRunId });
      // A run that has not taken its first task yet cannot answer a query: it is being built.
      const s = await handle.query(getDataExport).catch(() => undefined);
      return s
        ? view(s)
        : { state: 'building', exportId: handle.firstExecutionRunId, requestedAt: new Date().toISOString() };
    } catch (e) {
      this.logger.error({ msg: 'data export: temporal unavailable', userId, error: (e as Error)?.message });
      throw new ServiceUnavailableException(ACCOUNT_CODES.somethingWentWrong);
    }
  }

  /** The archive for its owner: 404 for anyone else's export id, one not ready, expired or deleted. */
  async archive(userId: string, exportId: string) {
    const s = await this.state(userId);
    const ready = s && view(s);
    if (!s?.key || ready?.state !== 'ready' || ready.exportId !== exportId)
      throw new NotFoundException(API_CODES.fileNotFound);
    const found = await this.store.read(s.key);
    if (!found) throw new NotFoundException(API_CODES.fileNotFound);
    this.logger.log({ msg: 'data export downloaded', userId, exportId });
    return found;
  }
}
