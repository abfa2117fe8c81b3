import { existsSync, readFileSync, rmSync } from 'node:fs';
import { holdFor } from '../support/until';
import { STATE_FILE } from './global-setup';

/** Stops every process group the setup started (newest first) and removes the throw-away data. */
export default async function globalTeardown() {
  if (!existsSync(STATE_FILE)) return;
  const { dataDir, pids } = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { dataDir: string; pids: number[] };
  for (const pid of [...pids].reverse()) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    for (let i = 0; i < 50; i++) {
      try {
        process.kill(pid, 0);
        await holdFor(100, 'the poll cadence while the process is still there');
      } catch {
        break;
      }
    }
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* stopped */
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(STATE_FILE, { force: true });
}
