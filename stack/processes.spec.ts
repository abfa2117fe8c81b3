import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { holdFor, until } from '../tests/support/until.ts';
import { startService, supervise, type ServiceSpec, type Supervisor } from './processes.ts';

/** A service whose process is a line of JavaScript run by this Node. */
const service = (name: string, script: string): ServiceSpec => ({
  name,
  command: process.execPath,
  args: ['-e', script],
  ready: () => Promise.resolve(true),
  silent: true,
});
const fast = { firstMs: 50, maxMs: 200, stableMs: 10_000 };
const alive = (s: Supervisor) => s.current.child.exitCode === null && s.current.child.signalCode === null;

let supervisors: Supervisor[] = [];
afterEach(async () => {
  await Promise.all(supervisors.map((s) => s.stop()));
  supervisors = [];
});

async function supervised(spec: ServiceSpec, backoff = fast) {
  const lines: string[] = [];
  const back: string[] = [];
  const s = supervise(await startService(spec), {
    backoff,
    log: (l) => (l.includes(' exited ') ? lines : back).push(l),
  });
  supervisors.push(s);
  return { s, lines, back };
}

describe('supervise: a crashed local service is restarted, the stack keeps running', () => {
  it('restarts a crashing process with doubling delays up to the cap, saying why each time', async () => {
    const { s, lines } = await supervised(service('api', 'process.exit(3)'));
    await until(
      () => lines.length,
      (n) => n >= 4,
    );
    expect(lines.slice(0, 4)).toEqual([
      'api exited (code 3, signal null); restarting in 0.05 s (restart 1)',
      'api exited (code 3, signal null); restarting in 0.1 s (restart 2)',
      'api exited (code 3, signal null); restarting in 0.2 s (restart 3)',
      'api exited (code 3, signal null); restarting in 0.2 s (restart 4)',
    ]);
    expect(s.restarts).toBeGreaterThanOrEqual(4);
  });

  it('names the signal that killed the process', async () => {
    const { lines } = await supervised(service('worker', "process.kill(process.pid, 'SIGKILL')"));
    await until(
      () => lines.length,
      (n) => n >= 1,
    );
    expect(lines[0]).toBe('worker exited (code null, signal SIGKILL); restarting in 0.05 s (restart 1)');
  });

  it('brings a process back that crashes a few times, then stays up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'supervise-'));
    let stop = () => Promise.resolve();
    try {
      const counter = JSON.stringify(join(dir, 'starts'));
      // Crashes on its first two starts, then keeps running.
      const script = `const fs = require('node:fs'); const f = ${counter};
        const n = (fs.existsSync(f) ? Number(fs.readFileSync(f, 'utf8')) : 0) + 1; fs.writeFileSync(f, String(n));
        if (n < 3) process.exit(1); setInterval(() => {}, 1000);`;
      const { s, back } = await supervised(service('crm', script));
      stop = () => s.stop();
      await until(() => back.includes('crm is back after restart 2'), Boolean);
      expect(s.restarts).toBe(2);
      expect(alive(s)).toBe(true);
    } finally {
      // The process may still be writing its counter: it is stopped before its folder goes.
      await stop();
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  });

  it('starts the delay over once the process had stayed up long enough', async () => {
    const { lines } = await supervised(service('offers', 'setTimeout(() => process.exit(1), 150)'), {
      ...fast,
      stableMs: 100,
    });
    await until(
      () => lines.length,
      (n) => n >= 3,
    );
    for (const line of lines.slice(0, 3)) expect(line).toContain('restarting in 0.05 s');
  });

  it('stops for good when asked: the process ends and no restart follows', async () => {
    const { s, lines } = await supervised(service('web', 'setInterval(() => {}, 1000)'));
    const child = s.current.child;
    await s.stop();
    expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
    await holdFor(300, 'no restart may follow within this window');
    expect(lines).toEqual([]);
    expect(s.restarts).toBe(0);
  });

  it('a stop asked for while a restart is pending cancels the restart', async () => {
    const { s, lines } = await supervised(service('esign', 'process.exit(1)'), { ...fast, firstMs: 500 });
    await until(
      () => lines.length,
      (n) => n >= 1,
    );
    const crashed = s.current;
    await s.stop();
    await holdFor(800, 'the pending restart (due at 500 ms) must not happen within this window');
    expect(s.current).toBe(crashed);
    expect(s.restarts).toBe(1);
  });
});
