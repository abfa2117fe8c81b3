// The idle stack's CPU: `npm start`'s stack (stack/start.ts, every service, Prometheus, Zipkin and its collector included) on
// free ports with a throw-away data directory, left alone to settle, then each of its processes' CPU over a
// window (/proc, each service's whole tree, see machine-cpu.ts). Item 9 reports it; run on its own
// (`bash stack/node.sh tests/bench/idle-stack.ts [settle-s] [window-s]`) it prints the same lines, for
// measuring one change to the stack's idle work at a time.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePorts } from '../support/free-port.ts';
import { startWindow, type CpuGroup, type MachineWindow } from './machine-cpu.ts';

const PORT_NAMES = [
  'WEB_PORT',
  'API_PORT',
  'TEMPORAL_PORT',
  'TEMPORAL_UI_PORT',
  'MONGODB_PORT',
  'SMTP_PORT',
  'MAILDEV_WEB_PORT',
  'S3_PORT',
  'CRM_STANDIN_PORT',
  'ESIGN_STANDIN_PORT',
  'OFFER_STANDIN_PORT',
  'PLAID_STANDIN_PORT',
  'CODEC_PROXY_PORT',
  'PROMETHEUS_PORT',
  'API_METRICS_PORT',
  'WORKER_METRICS_PORT',
  'TEMPORAL_METRICS_PORT',
  'ZIPKIN_PORT',
  'OTLP_PORT',
];

/** Which service a process of the stack is, from its command line (the launcher starts each directly). */
const SERVICE_OF: [RegExp, string][] = [
  [/temporal\0server/, 'temporal'],
  [/ferretdb/, 'ferretdb'],
  [/postgres/, 'postgres'],
  [/maildev/, 'maildev'],
  [/s3-front|moto_server/, 's3'],
  [/sandbox\/dist\/(\w+)\//, '$1'],
  [/zipkin/, 'zipkin'],
  [/otelcol/, 'otelcol'],
  [/api\/dist\/main/, 'api'],
  [/worker\/dist\/main/, 'worker'],
  [/prometheus/, 'prometheus'],
  [/codec-proxy/, 'codec'],
  [/vite\.js\0build/, 'web-build'],
  [/vite\.js/, 'web'],
];

function nameOf(pid: number): string {
  const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  for (const [re, name] of SERVICE_OF) {
    const m = re.exec(cmd);
    if (m) return name.startsWith('$') ? m[1]! : name;
  }
  return cmd.split('\0').slice(0, 2).join(' ');
}

/** The launcher's direct children (each a service, in its own process group), by service name. */
function servicesOf(launcher: number): { name: string; pid: number }[] {
  const out: { name: string; pid: number }[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1]);
      if (ppid === launcher) out.push({ name: nameOf(Number(d)), pid: Number(d) });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export type IdleReading = {
  /** CPU-s per minute by service (the launcher itself as `launcher`), and their sum. */
  perMinute: Record<string, number>;
  total: number;
  machine: MachineWindow;
  startS: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the stack as `npm start` does, waits `settleS`, measures `windowS`, stops it. */
export async function measureIdleStack(
  root: string,
  node: string,
  settleS: number,
  windowS: number,
  log: (line: string) => void = console.log,
): Promise<IdleReading> {
  const data = mkdtempSync(join(tmpdir(), 'portal-idle-'));
  const free = await freePorts(PORT_NAMES.length);
  const ports = Object.fromEntries(PORT_NAMES.map((n, i) => [n, String(free[i])]));
  const t0 = performance.now();
  const launcher = spawn(node, ['--import', join(root, 'stack/esm-sources.mjs'), join(root, 'stack/start.ts')], {
    cwd: root,
    env: { ...process.env, ...ports, DATA_DIR: data, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((r) => launcher.once('exit', r));
  try {
    const up = new Promise<void>((resolve, reject) => {
      launcher.stdout.on('data', (c: Buffer) => {
        output = (output + c.toString()).slice(-20_000);
        if (output.includes('The stack is up')) resolve();
      });
      launcher.stderr.on('data', (c: Buffer) => void (output = (output + c.toString()).slice(-20_000)));
      void exited.then((code) => reject(new Error(`npm start's launcher exited (${code}):\n${output}`)));
    });
    await up;
    const startS = (performance.now() - t0) / 1000;
    log(`  stack up in ${startS.toFixed(0)} s; settling ${settleS} s, then measuring ${windowS} s`);
    await sleep(settleS * 1000);
    const services = servicesOf(launcher.pid!);
    const groups: CpuGroup[] = [
      ...services.map((s) => ({ name: s.name, pids: [s.pid] })),
      // The launcher's own time (its supervisors), not its tree, which is the stack's.
      { name: 'launcher', pids: [], selves: [launcher.pid!] },
    ];
    const window = startWindow(groups);
    await sleep(windowS * 1000);
    const { machine, cpuMs } = window.end();
    const perMinute = Object.fromEntries(
      Object.entries(cpuMs).map(([k, ms]) => [k, ms / 1000 / (machine.seconds / 60)] as const),
    );
    const total = Object.values(perMinute).reduce((a, b) => a + b, 0);
    return { perMinute, total, machine, startS };
  } finally {
    launcher.kill('SIGINT');
    const timeout = sleep(30_000).then(() => 'timeout');
    if ((await Promise.race([exited, timeout])) === 'timeout') launcher.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
    // IDLE_STACK_LOG=<file>: the launcher's last output (the services' warnings while idle), for a change's review.
    if (process.env.IDLE_STACK_LOG) writeFileSync(process.env.IDLE_STACK_LOG, output);
  }
}

/** "api 0.12, worker 0.30, ..." largest first. */
export const describeIdle = (r: IdleReading) =>
  Object.entries(r.perMinute)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(3)}`)
    .join(', ');

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = join(import.meta.dirname, '..', '..');
  const [settle = '60', windowS = '120'] = process.argv.slice(2);
  const r = await measureIdleStack(root, process.execPath, Number(settle), Number(windowS));
  console.log(`idle stack: ${r.total.toFixed(3)} CPU-s/min in all; ${describeIdle(r)}`);
  console.log(`  load ${r.machine.load1.map((l) => l.toFixed(1)).join('→')}, window ${r.machine.seconds.toFixed(0)} s`);
}
