import { proxyActivities, setHandler, sleep, workflowInfo } from '@temporalio/workflow';
import { NON_RETRYABLE_ERRORS } from '../application/activities';
import {
  dataExportKey,
  getDataExport,
  type DataExportActivities,
  type DataExportInput,
  type DataExportState,
} from './data-export';

// Nobody waits on the archive: its activities retry with back-off until they succeed (a worker restart
// mid-build starts the build again after the attempt's time-out, writing the same key).
const archive = proxyActivities<DataExportActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '10 minutes',
    nonRetryableErrorTypes: [...NON_RETRYABLE_ERRORS],
  },
});

/** Builds the archive, mails its link, keeps it for `expiryMs`, then deletes it. */
export async function dataExportWorkflow(input: DataExportInput): Promise<void> {
  // The run's own id names the archive: a second request while this run lives gets this one.
  const exportId = workflowInfo().firstExecutionRunId;
  const key = dataExportKey(input.userId, exportId);
  const state: DataExportState = { exportId, state: 'building', requestedAt: new Date(Date.now()).toISOString() };
  setHandler(getDataExport, () => state);

  await archive.buildDataExport({ userId: input.userId, exportId, key });
  const expiresAt = new Date(Date.now() + input.expiryMs).toISOString();
  Object.assign(state, { state: 'ready', expiresAt, key });
  await archive.mailDataExport({ userId: input.userId, exportId, expiresAt });
  await sleep(input.expiryMs);
  state.state = 'expired';
  await archive.deleteDataExport({ key });
}
