import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Ports are chosen below the kernel's ephemeral range. A port the kernel handed out (listen(0)) and took back
 * is soon handed out again, to whichever process asks next: a Temporal dev server picking its HTTP port took
 * maildev's web port that way while the test lanes started side by side, and the suite read Go's
 * "404 page not found" as maildev's inbox. The kernel never hands out a port below that range by itself.
 */
function candidateRange(): [number, number] {
  let [low, high] = [32768, 60999];
  try {
    const [l, h] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    // A file that does not read as two ports keeps the default (NaN would pass a destructuring default).
    if (l! > 0 && h! >= l!) [low, high] = [l!, h!];
  } catch {
    /* not Linux: its default */
  }
  // Below the range when it leaves room there, else above it.
  return low > 12_000 ? [10_000, low] : [high + 1, 65_536];
}

/**
 * A port chosen is claimed for a while in a folder every test process shares, so two processes choosing at the
 * same moment (the lanes of `npm test`) never choose the same one. The claim need only outlast the moment
 * between choosing a port and its service listening on it: from then on the port is seen taken.
 */
const CLAIMS = join(tmpdir(), 'portal-port-claims');
const CLAIM_MS = 10 * 60_000;

function claim(port: number): boolean {
  const file = join(CLAIMS, String(port));
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    try {
      if (Date.now() - statSync(file).mtimeMs < CLAIM_MS) return false;
      writeFileSync(file, String(process.pid));
      return true;
    } catch {
      return false;
    }
  }
}

const listening = (port: number) =>
  new Promise<Server | undefined>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(undefined));
    s.listen(port, '127.0.0.1', () => resolve(s));
  });

/**
 * `count` distinct free ports. The listeners stay open until all are taken, so none is chosen twice.
 */
export async function freePorts(count: number): Promise<number[]> {
  mkdirSync(CLAIMS, { recursive: true });
  const [low, high] = candidateRange();
  const servers: Server[] = [];
  const ports: number[] = [];
  try {
    for (let tries = 0; ports.length < count; tries++) {
      if (tries > 5_000) throw new Error(`no free port between ${low} and ${high}`);
      const port = low + Math.floor(Math.random() * (high - low));
      if (ports.includes(port)) continue;
      const s = await listening(port);
      if (!s) continue;
      servers.push(s);
      if (claim(port)) ports.push(port);
    }
    return ports;
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  }
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}
