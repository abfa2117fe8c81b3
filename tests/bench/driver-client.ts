// The bench's side of the load driver (driver.ts): forks it, waits for it to be ready, and turns each
// command into a promise of its LoadResult.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { DriverCommand } from './driver.ts';
import type { LoadResult } from './load.ts';

/** The load driver: a process of its own, told what to run over IPC. */
export async function startDriver(
  root: string,
): Promise<{ child: ChildProcess; run: (cmd: DriverCommand) => Promise<LoadResult> }> {
  const child = fork(join(root, 'tests/bench/driver.ts'), [], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the load driver exited (${code})`)));
  });
  let next = 0;
  const waiting = new Map<number, { resolve: (r: LoadResult) => void; reject: (e: Error) => void }>();
  child.on('message', (m: { id: number; result?: LoadResult; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error) w?.reject(new Error(m.error));
    else w?.resolve(m.result!);
  });
  const run = (cmd: DriverCommand) =>
    new Promise<LoadResult>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      child.send({ id, cmd });
    });
  return { child, run };
}
