// The replay histories: real runs' histories, written when RECORD_HISTORIES=1 and replayed by replay.spec.ts
// against every later version of the workflow. Binary protobuf, not JSON: the SDK's JSON reader trips over
// the two protobufjs copies npm installs.
import { temporal } from '@temporalio/proto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { underMasterKey } from '../../tests/support/histories';

export const HISTORIES = join(__dirname, 'histories');

/** Writes a run's history (RECORD_HISTORIES=1; otherwise nothing happens). */
export async function recordHistory(
  handle: { fetchHistory(): Promise<temporal.api.history.v1.IHistory> },
  file: string,
): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const history = await handle.fetchHistory();
  // Sealed under its application's own key in the test's database: re-sealed for the replay's.
  await underMasterKey(history);
  mkdirSync(HISTORIES, { recursive: true });
  writeFileSync(join(HISTORIES, file), temporal.api.history.v1.History.encode(history).finish());
}
