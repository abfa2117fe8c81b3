// The load-generating process of `npm run bench`, forked once and told what to run over IPC, so the
// api, its baselines and the load each have a process of their own. Answers one LoadResult a command.
import { createRequire } from 'node:module';
import type * as TemporalClient from '@temporalio/client';
import type * as Undici from 'undici';
import type * as Workflows from '../../workflows/src/index.ts';
import { closedLoop, type LoadResult } from './load.ts';

const require = createRequire(import.meta.url);
const { Pool } = require('undici') as typeof Undici;
const { Client, Connection } = require('@temporalio/client') as typeof TemporalClient;

export type HttpRequest = {
  method: 'GET' | 'PATCH' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
};
export type DriverCommand =
  | { kind: 'http'; origin: string; requests: HttpRequest[]; concurrency: number; seconds: number }
  | {
      kind: 'temporal';
      address: string;
      namespace: string;
      payloadKey: { PAYLOAD_KEY_ID: string; PAYLOAD_KEY: string };
      updates: { workflowId: string; name: string; args: unknown[] }[];
      concurrency: number;
      seconds: number;
    };

const pools = new Map<string, InstanceType<typeof Pool>>();
const temporal = new Map<string, InstanceType<typeof Client>>();

async function run(cmd: DriverCommand): Promise<LoadResult> {
  if (cmd.kind === 'http') {
    let pool = pools.get(cmd.origin);
    if (!pool) pools.set(cmd.origin, (pool = new Pool(cmd.origin, { connections: cmd.concurrency * 2 })));
    const p = pool;
    return closedLoop({
      concurrency: cmd.concurrency,
      seconds: cmd.seconds,
      send: async (caller) => {
        const r = cmd.requests[caller % cmd.requests.length]!;
        const res = await p.request({ method: r.method, path: r.path, headers: r.headers, body: r.body });
        const text = await res.body.text();
        if (res.statusCode !== 200)
          throw new Error(`${r.method} ${r.path} answered ${res.statusCode}: ${text.slice(0, 200)}`);
      },
    });
  }
  let client = temporal.get(cmd.address);
  if (!client) {
    const { createDataConverter } = require('../../workflows/dist/index.js') as typeof Workflows;
    const connection = await Connection.connect({ address: cmd.address });
    client = new Client({
      connection,
      namespace: cmd.namespace,
      dataConverter: await createDataConverter(cmd.payloadKey),
    });
    temporal.set(cmd.address, client);
  }
  const c = client;
  return closedLoop({
    concurrency: cmd.concurrency,
    seconds: cmd.seconds,
    send: async (caller) => {
      const u = cmd.updates[caller % cmd.updates.length]!;
      await c.workflow.getHandle(u.workflowId).executeUpdate(u.name, { args: u.args });
    },
  });
}

process.on('message', (msg: { id: number; cmd: DriverCommand }) => {
  run(msg.cmd).then(
    (result) => process.send!({ id: msg.id, result }),
    (e: Error) => process.send!({ id: msg.id, error: e.stack ?? e.message }),
  );
});
process.send!({ ready: true });
