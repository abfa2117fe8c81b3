// The bench's side of the browser driver (browser/driver.ts): forks it once, and turns each command into
// a promise of its answer.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { BrowserCommand, BrowserResult } from './browser/driver.ts';

export type { BrowserResult } from './browser/driver.ts';

export async function startBrowserDriver(root: string) {
  const child: ChildProcess = fork(join(root, 'tests/bench/browser/driver.ts'), [], {
    cwd: root,
    // The web's modules use TypeScript that type stripping alone cannot run (parameter properties).
    execArgv: [...process.execArgv, '--experimental-transform-types', '--no-warnings=ExperimentalWarning'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the browser driver exited (${code})`)));
  });
  let next = 0;
  const waiting = new Map<number, { resolve: (r: BrowserResult) => void; reject: (e: Error) => void }>();
  child.on('message', (m: { id: number; result?: BrowserResult; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error) w?.reject(new Error(m.error));
    else w?.resolve(m.result!);
  });
  const run = (cmd: BrowserCommand) =>
    new Promise<BrowserResult>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      child.send({ id, cmd });
    });
  return { child, run, stop: () => void child.kill() };
}
