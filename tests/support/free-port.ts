import { createServer, type Server } from 'node:net';

/**
 * `count` distinct free ports. The listeners stay open until all are taken: closing each one first lets
 * the kernel hand the same port out twice.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const s = createServer();
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(0, '127.0.0.1', () => resolve());
      });
      servers.push(s);
    }
    return servers.map((s) => (s.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  }
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}
