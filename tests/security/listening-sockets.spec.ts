// Every process of the local stack listens on loopback only: a service on every interface (as Zipkin was,
// taking a stranger's spans) is a door for the whole network. The suite's stack (its processes and their
// children) and a Zipkin and its OpenTelemetry Collector of this file's own, started as `npm start` starts them
// (the collector with no metrics listener of its own), are read from /proc.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startService, stopAll, type Running } from '../../stack/processes.ts';
import { otelcolSpec, zipkinSpec } from '../../stack/local-services.ts';
import { freePorts } from '../support/free-port.ts';
import { endOfFileChecks } from './support';

endOfFileChecks(__filename);

let running: Running[] = [];
let zipkinPort = 0;
let otlpPort = 0;

beforeAll(async () => {
  [zipkinPort, otlpPort] = (await freePorts(2)) as [number, number];
  const specs = [zipkinSpec(zipkinPort), otelcolSpec(otlpPort, zipkinPort)];
  for (const spec of specs) spec.silent = true;
  running = await Promise.all(specs.map((s) => startService(s)));
}, 180_000);

afterAll(async () => {
  await stopAll(running);
  running = [];
});

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return ''; // a process or thread that ended meanwhile
  }
};

/** The process and every descendant (each thread's children, as /proc lists them). */
function family(pid: number, seen = new Set<number>()): Set<number> {
  if (seen.has(pid)) return seen;
  seen.add(pid);
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return seen;
  }
  for (const tid of tasks)
    for (const child of read(`/proc/${pid}/task/${tid}/children`).split(/\s+/).filter(Boolean))
      family(Number(child), seen);
  return seen;
}

/** The socket inodes a process holds open. */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[] = [];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/** /proc/net/tcp{,6}'s hex address as text: 0100007F:1F90 -> 127.0.0.1:8080. */
function address(hex: string, v6: boolean): { ip: string; port: number } {
  const [ip, port] = hex.split(':') as [string, string];
  const bytes = (ip.match(/../g) ?? []).map((b) => parseInt(b, 16));
  // Each 32-bit word is written in the host's (little-endian) order.
  const words: number[][] = [];
  for (let i = 0; i < bytes.length; i += 4) words.push(bytes.slice(i, i + 4).reverse());
  const flat = words.flat();
  const mapped = flat.slice(0, 10).every((b) => b === 0) && flat[10] === 255 && flat[11] === 255;
  const groups = () => Array.from({ length: 8 }, (_, k) => ((flat[2 * k]! << 8) | flat[2 * k + 1]!).toString(16));
  const text = !v6 ? flat.join('.') : mapped ? `::ffff:${flat.slice(12).join('.')}` : groups().join(':');
  return { ip: text, port: parseInt(port, 16) };
}

/** Every listening TCP socket of these processes: its address and the command holding it. */
function listening(pids: Iterable<number>): { ip: string; port: number; command: string }[] {
  const owner = new Map<string, string>();
  for (const pid of pids) {
    const command = read(`/proc/${pid}/comm`).trim();
    for (const inode of socketInodes(pid)) owner.set(inode, `${command} (${pid})`);
  }
  const found: { ip: string; port: number; command: string }[] = [];
  for (const [file, v6] of [
    ['/proc/net/tcp', false],
    ['/proc/net/tcp6', true],
  ] as const) {
    for (const line of read(file).split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols: sl, local, remote, state (0A = LISTEN), ..., inode (10th)
      if (cols.length < 10 || cols[3] !== '0A' || !owner.has(cols[9]!)) continue;
      found.push({ ...address(cols[1]!, v6), command: owner.get(cols[9]!)! });
    }
  }
  return found;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::ffff:127\.\d+\.\d+\.\d+|0:0:0:0:0:0:0:1)$/;

describe("the stack's listening sockets", () => {
  it('are all on loopback, Zipkin and its collector included', () => {
    const pids = new Set<number>();
    for (const pid of [...inject('securityStackPids'), ...running.map((r) => r.child.pid!)]) family(pid, pids);
    const sockets = listening(pids);
    const ports = inject('securityPorts');
    // The read found the stack: the api's, FerretDB's, Zipkin's and the collector's ports among them.
    for (const port of [ports.API_PORT, ports.MONGODB_PORT, zipkinPort, otlpPort])
      expect(
        sockets.map((s) => s.port),
        `port ${port}`,
      ).toContain(port);
    const open = sockets.filter((s) => !LOOPBACK.test(s.ip)).map((s) => `${s.command} on ${s.ip}:${s.port}`);
    expect(open, 'sockets listening beyond loopback').toEqual([]);
  });
});
