// A tiny process supervisor: spawn, prefix log lines with the service name, wait for health, restart a
// crashed service with backoff, stop all.
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
  /** Holds data the others depend on (Temporal, FerretDB): the launcher stops the stack if it dies. */
  essential?: boolean;
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

const colorOf = new Map<string, number>();

/** Spawns the service in its own process group, its output prefixed with its name. */
export function spawnService(spec: ServiceSpec): Running {
  if (!colorOf.has(spec.name)) colorOf.set(spec.name, COLORS[colorIndex++ % COLORS.length]!);
  const color = colorOf.get(spec.name)!;
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
  // 'error' (say, the command is missing) comes instead of 'exit': either way the process is gone.
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(child.exitCode ?? -1));
  });
  return { spec, child, exited };
}

/** Waits until the service answers; throws if it exits first or takes too long (and then stops it). */
export async function waitReady(running: Running): Promise<void> {
  const { spec, child } = running;
  const deadline = Date.now() + (spec.readyTimeoutMs ?? 60_000);
  let done = false;
  void running.exited.then(() => (done = true));
  while (!(await spec.ready())) {
    if (done) throw new Error(`${spec.name} exited before it was ready (code ${child.exitCode})`);
    if (Date.now() > deadline) {
      await stopService(running);
      throw new Error(`${spec.name} was not ready within ${(spec.readyTimeoutMs ?? 60_000) / 1000}s`);
    }
    await sleep(200);
  }
}

export async function startService(spec: ServiceSpec): Promise<Running> {
  const running = spawnService(spec);
  await waitReady(running);
  return running;
}

/** SIGTERM (SIGKILL after 8 s), or `'SIGKILL'` at once: a crash, nothing flushed or closed. */
export async function stopService(r: Running, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (r.child.exitCode !== null || r.child.signalCode !== null) return;
  const kill = (sig: NodeJS.Signals) => {
    try {
      process.kill(-r.child.pid!, sig);
    } catch {
      /* already gone */
    }
  };
  kill(signal);
  const timer = setTimeout(() => kill('SIGKILL'), 8000);
  await r.exited;
  clearTimeout(timer);
}

export async function stopAll(running: Running[]): Promise<void> {
  for (const r of [...running].reverse()) await stopService(r);
}

export type Backoff = { firstMs: number; maxMs: number; stableMs: number };
/** 1 s, doubling to 30 s; a service that stayed up a minute counts as healthy again. */
export const RESTART_BACKOFF: Backoff = { firstMs: 1000, maxMs: 30_000, stableMs: 60_000 };

export type Supervisor = {
  /** The service's current process: replaced on every restart. */
  readonly current: Running;
  readonly restarts: number;
  /** No more restarts; stops the current process. */
  stop(): Promise<void>;
};

const seconds = (ms: number) => `${ms >= 1000 ? +(ms / 1000).toFixed(1) : ms / 1000} s`;

/**
 * Keeps a started service running: whenever its process exits without stop() being asked for, it is
 * spawned again after a delay that doubles from `firstMs` up to `maxMs`, back to `firstMs` once the process
 * had stayed up `stableMs`. A crash loop then costs a restart every `maxMs` and one log line each, not the
 * stack; every line says why (exit code and signal).
 */
export function supervise(first: Running, opts: { backoff?: Backoff; log?: (line: string) => void } = {}): Supervisor {
  const { firstMs, maxMs, stableMs } = opts.backoff ?? RESTART_BACKOFF;
  const log = opts.log ?? ((line: string) => console.error(line));
  const name = first.spec.name;
  let current = first;
  let restarts = 0;
  let delay = firstMs;
  let startedAt = Date.now();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const watch = (r: Running) => {
    void r.exited.then((code) => {
      if (stopped || r !== current) return;
      if (Date.now() - startedAt >= stableMs) delay = firstMs;
      restarts++;
      log(
        `${name} exited (code ${code}, signal ${r.child.signalCode}); restarting in ${seconds(delay)} (restart ${restarts})`,
      );
      timer = setTimeout(restart, delay);
      delay = Math.min(delay * 2, maxMs);
    });
  };
  const restart = () => {
    if (stopped) return;
    startedAt = Date.now();
    current = spawnService(first.spec);
    watch(current);
    const r = current;
    // Not ready in time: waitReady stops it, and its exit brings the next restart.
    waitReady(r).then(
      () => !stopped && r === current && log(`${name} is back after restart ${restarts}`),
      () => undefined,
    );
  };
  watch(first);

  return {
    get current() {
      return current;
    },
    get restarts() {
      return restarts;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await stopService(current);
    },
  };
}
