// A tiny process supervisor: spawn, prefix log lines with the service name, wait for health, stop all.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

const COLORS = [36, 33, 35, 32, 34, 31, 96, 93, 95];
let colorIndex = 0;

export type ServiceSpec = {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** Resolves true once the service answers. */
  ready: () => Promise<boolean>;
  readyTimeoutMs?: number;
  url?: string;
  /** Hide stdout (quiet) or stdout and stderr (silent). */
  quiet?: boolean;
  silent?: boolean;
};

export type Running = { spec: ServiceSpec; child: ChildProcess; exited: Promise<number | null> };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function tcpOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ port, host });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

export async function httpOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

function prefixLines(name: string, color: number, stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) {
  const tag = process.env.NO_COLOR ? `[${name}]` : `\x1b[${color}m[${name}]\x1b[0m`;
  let buffer = '';
  stream.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) out.write(`${tag} ${line}\n`);
  });
  stream.on('end', () => buffer && out.write(`${tag} ${buffer}\n`));
}

export async function startService(spec: ServiceSpec): Promise<Running> {
  const color = COLORS[colorIndex++ % COLORS.length]!;
  // Own process group, so stopping the service also stops anything it spawned.
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (spec.silent) {
    child.stdout!.resume();
    child.stderr!.resume();
  } else if (!spec.quiet) {
    prefixLines(spec.name, color, child.stdout!, process.stdout);
    prefixLines(spec.name, color, child.stderr!, process.stderr);
  } else {
    child.stdout!.resume();
    prefixLines(spec.name, color, child.stderr!, process.stderr);
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running: Running = { spec, child, exited };
  const deadline = Date.now() + (spec.readyTimeoutMs ?? 60_000);
  let done = false;
  void exited.then(() => (done = true));
  while (!(await spec.ready())) {
    if (done) throw new Error(`${spec.name} exited before it was ready (code ${child.exitCode})`);
    if (Date.now() > deadline) {
      await stopService(running);
      throw new Error(`${spec.name} was not ready within ${(spec.readyTimeoutMs ?? 60_000) / 1000}s`);
    }
    await sleep(200);
  }
  return running;
}

export async function stopService(r: Running): Promise<void> {
  if (r.child.exitCode !== null || r.child.signalCode !== null) return;
  const kill = (sig: NodeJS.Signals) => {
    try {
      process.kill(-r.child.pid!, sig);
    } catch {
      /* already gone */
    }
  };
  kill('SIGTERM');
  const timer = setTimeout(() => kill('SIGKILL'), 8000);
  await r.exited;
  clearTimeout(timer);
}

export async function stopAll(running: Running[]): Promise<void> {
  for (const r of [...running].reverse()) await stopService(r);
}
