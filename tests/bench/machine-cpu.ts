// CPU by process and the machine around it (Linux /proc), for the report's method: each figure
// carries the 1-minute load average at its start and end and the CPU the machine spent on work that was not
// the bench's own meanwhile; item 5 gives each process's CPU per completed application.
//
// A process's CPU here is its whole tree's: utime + stime + cutime + cstime of the process and of every live
// descendant (clock ticks, 1/100 s). A child that exits and is waited for moves its time into its parent's
// cutime/cstime, so the tree's sum stays continuous across forks and exits and the difference of two
// readings is the tree's CPU in between (children included where a process forks: a shell wrapper, moto
// behind the S3 front, Temporal's own children).
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

const TICK_MS = 10; // USER_HZ is 100 on Linux

type Stat = { pid: number; ppid: number; own: number; children: number };

function readStat(pid: number | string): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(') ') + 2).split(' ');
    // After the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14)
    return {
      pid: Number(pid),
      ppid: Number(f[1]),
      own: Number(f[11]) + Number(f[12]),
      children: Number(f[13]) + Number(f[14]),
    };
  } catch {
    return undefined;
  }
}

/** Every process's stat, once (one pass over /proc serves every tree of a reading). */
function allStats(): Map<number, Stat> {
  const out = new Map<number, Stat>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = readStat(name);
    if (s) out.set(s.pid, s);
  }
  return out;
}

/** The CPU (ms) of `root`'s tree: the process, its reaped children and every live descendant. */
function treeMs(stats: Map<number, Stat>, root: number | undefined): number {
  if (root === undefined || !stats.has(root)) return Number.NaN;
  const kids = new Map<number, number[]>();
  for (const s of stats.values()) (kids.get(s.ppid) ?? kids.set(s.ppid, []).get(s.ppid)!).push(s.pid);
  let ticks = 0;
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop()!;
    const s = stats.get(pid);
    if (!s) continue;
    ticks += s.own + s.children;
    todo.push(...(kids.get(pid) ?? []));
  }
  return ticks * TICK_MS;
}

/** The machine's busy CPU since boot (ms, all cores): /proc/stat's first line less idle and iowait. */
function machineBusyMs(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already within user and nice)
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = f;
  return (user + nice + system + irq + softirq + steal) * TICK_MS;
}

/**
 * A process group: a name, the roots of its trees (which must not contain each other) and processes counted
 * by their own time only (`selves`: the bench process, whose tree is the whole stack).
 */
export type CpuGroup = { name: string; pids: (number | undefined)[]; selves?: number[] };

/** CPU ms per group now. */
function groupMs(stats: Map<number, Stat>, groups: CpuGroup[]): Record<string, number> {
  const tree = (pid: number | undefined) => {
    const t = treeMs(stats, pid);
    return Number.isNaN(t) ? 0 : t;
  };
  const self = (pid: number) => (stats.get(pid)?.own ?? 0) * TICK_MS;
  return Object.fromEntries(
    groups.map((g) => [
      g.name,
      g.pids.reduce<number>((sum, pid) => sum + tree(pid), 0) +
        (g.selves ?? []).reduce<number>((sum, pid) => sum + self(pid), 0),
    ]),
  );
}

/** What the machine did during a window: the load average at both ends and the CPU that was not the bench's. */
export type MachineWindow = {
  /** 1-minute load average at the start and at the end. */
  load1: [number, number];
  seconds: number;
  /** CPU-s the whole machine spent, and the bench's process tree (it, the stack it started, the driver). */
  machineCpuS: number;
  benchCpuS: number;
  /** The rest: other work on the same cores, in CPU-s and as % of the machine's capacity in the window. */
  otherCpuS: number;
  otherPct: number;
};

export type Window = {
  /** Ends the window: the machine's figures and, per group, the CPU ms its trees used in it. */
  end: () => { machine: MachineWindow; cpuMs: Record<string, number> };
};

/**
 * Starts a window: the bench's tree is this process's (every service the bench started is a descendant),
 * so the machine's busy time less that tree's is the CPU of everything else running on the machine.
 */
export function startWindow(groups: CpuGroup[] = []): Window {
  const cores = cpus().length;
  const t0 = performance.now();
  const load0 = loadavg()[0]!;
  const busy0 = machineBusyMs();
  const s0 = allStats();
  const bench0 = treeMs(s0, process.pid);
  const g0 = groupMs(s0, groups);
  return {
    end() {
      const seconds = (performance.now() - t0) / 1000;
      const s1 = allStats();
      const busy = (machineBusyMs() - busy0) / 1000;
      const bench = (treeMs(s1, process.pid) - bench0) / 1000;
      const other = Math.max(0, busy - bench);
      const g1 = groupMs(s1, groups);
      return {
        machine: {
          load1: [load0, loadavg()[0]!],
          seconds,
          machineCpuS: busy,
          benchCpuS: bench,
          otherCpuS: other,
          otherPct: seconds > 0 ? (100 * other) / (seconds * cores) : 0,
        },
        cpuMs: Object.fromEntries(groups.map((g) => [g.name, g1[g.name]! - g0[g.name]!])),
      };
    },
  };
}

/** "load 1.2→3.4, other CPU 5.6 CPU-s (7%)": a window in a figure's note or column. */
export const describeWindow = (m: MachineWindow) =>
  `load ${m.load1[0].toFixed(1)}→${m.load1[1].toFixed(1)}, other CPU ${m.otherCpuS.toFixed(1)} CPU-s (${m.otherPct.toFixed(0)}%)`;

/**
 * The groups item 5 reports, from the running services: api, worker, temporal, ferretdb (its storage
 * too when PostgreSQL), the stand-ins (CRM, e-sign, offers, Plaid, SMTP, S3), the web server and the
 * observability (collector, Zipkin, Prometheus) when the stack runs them, and the driver (this process,
 * which runs the journeys, by its own time only, its tree being the stack; and the load driver's process).
 */
export function journeyGroups(services: { name: string; pid: number | undefined }[], driver?: number): CpuGroup[] {
  const observability = ['otelcol', 'zipkin', 'prometheus'];
  const own = ['api', 'worker', 'temporal', 'ferretdb', 'postgres', 'web', 'bare-read', ...observability];
  const by = (names: string[]) => services.filter((s) => names.includes(s.name)).map((s) => s.pid);
  const standins = services.filter((s) => !own.includes(s.name));
  const groups: CpuGroup[] = [
    { name: 'api', pids: by(['api']) },
    { name: 'worker', pids: by(['worker']) },
    { name: 'temporal', pids: by(['temporal']) },
    { name: 'ferretdb', pids: by(['ferretdb', 'postgres']) },
    { name: 'stand-ins', pids: standins.map((s) => s.pid) },
  ];
  // The stack as npm start runs it: the web server in front, the trace collector and store, Prometheus.
  if (by(['web']).length) groups.push({ name: 'web', pids: by(['web']) });
  if (by(observability).length) groups.push({ name: 'observability', pids: by(observability) });
  return [...groups, { name: 'driver', pids: [driver], selves: [process.pid] }];
}

/**
 * Waits until the machine is quiet: its busy CPU over a second below `share` of one core, at most `maxMs`.
 * A workflow goes on after its journey's last answer (the offer email, the CRM's document copies): an item
 * that starts right after item 5 would otherwise be timed against that tail on the shared cores (measured:
 * the upload's first run after the journeys was its worst of three, load average 6.5 against 4.7).
 * Answers how long it waited and whether the machine was quiet by then.
 */
export async function settle(share = 0.25, maxMs = 60_000): Promise<{ waitedMs: number; quiet: boolean }> {
  const t0 = performance.now();
  for (;;) {
    const busy0 = machineBusyMs();
    await new Promise((r) => setTimeout(r, 1000));
    const quiet = machineBusyMs() - busy0 < share * 1000;
    const waitedMs = performance.now() - t0;
    if (quiet || waitedMs >= maxMs) return { waitedMs, quiet };
  }
}
