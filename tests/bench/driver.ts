// The load-generating process of `npm run bench`, forked once and told what to run over IPC, so the
// api, its baselines and the load each have a process of their own. Answers one LoadResult a command.
import { createRequire } from 'node:module';
import type * as TemporalClient from '@temporalio/client';
import type * as Undici from 'undici';
import type * as Mongo from 'mongodb';
import type * as Workflows from '../../workflows/src/index.ts';
import type { ApplicationKeyRecord } from '../../workflows/src/index.ts';
import { closedLoop, type LoadResult } from './load.ts';

const require = createRequire(import.meta.url);
const { Pool } = require('undici') as typeof Undici;
const { Client, Connection } = require('@temporalio/client') as typeof TemporalClient;
const { MongoClient } = require('mongodb') as typeof Mongo;

export type HttpRequest = {
  method: 'GET' | 'PATCH' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
};
export type DriverCommand =
  | { kind: 'http'; origin: string; requests: HttpRequest[]; concurrency: number; seconds: number }
  | {
      kind: 'stage-http';
      origin: string;
      flips: (StageFlip & { path: string; headers: Record<string, string> })[];
      concurrency: number;
      seconds: number;
    }
  | {
      kind: 'stage-temporal';
      address: string;
      namespace: string;
      payloadKey: { PAYLOAD_KEY_ID: string; PAYLOAD_KEY: string };
      /** Where the applications' payload keys are (an update's answer is sealed with its application's). */
      mongoUri: string;
      flips: (StageFlip & { workflowId: string; answered: readonly string[] })[];
      concurrency: number;
      seconds: number;
    }
  /** Leaves each applicant at its first position, by moves through the api (which keeps the MongoDB copy). */
  | { kind: 'stage-settle'; origin: string; flips: (StageFlip & { path: string; headers: Record<string, string> })[] };

/** Item 4: a journey position and its neighbour, one applicant moved between them in turn, both real moves. */
export type Position = { pageName: string; pageStep: number };
export type StageFlip = { key: string; positions: [Position, Position] };

const pools = new Map<string, InstanceType<typeof Pool>>();
const temporal = new Map<string, InstanceType<typeof Client>>();

function poolOf(origin: string, connections: number) {
  let pool = pools.get(origin);
  if (!pool) pools.set(origin, (pool = new Pool(origin, { connections })));
  return pool;
}

async function clientOf(cmd: {
  address: string;
  namespace: string;
  payloadKey: { PAYLOAD_KEY_ID: string; PAYLOAD_KEY: string };
  mongoUri: string;
}) {
  let client = temporal.get(cmd.address);
  if (!client) {
    const { createDataConverter, APPLICATION_KEYS_COLLECTION } =
      require('../../workflows/dist/index.js') as typeof Workflows;
    const connection = await Connection.connect({ address: cmd.address });
    const keys = (await MongoClient.connect(cmd.mongoUri))
      .db()
      .collection<ApplicationKeyRecord>(APPLICATION_KEYS_COLLECTION);
    client = new Client({
      connection,
      namespace: cmd.namespace,
      dataConverter: await createDataConverter(cmd.payloadKey, keys),
    });
    temporal.set(cmd.address, client);
  }
  return client;
}

/**
 * Item 4's state: which of its two positions each applicant's journey stands at (0 or 1), kept across the
 * api's runs and the bare client's, which move the same workflows in the same sequence.
 */
const at = new Map<string, 0 | 1>();
const same = (a: Position, b: Position) => a.pageName === b.pageName && a.pageStep === b.pageStep;

/**
 * One move of `flip` to its other position, named from where it stands (as the web names it); a move
 * answered with any other position is an error. An answer that is one of the two positions tells where
 * the journey stands (after a move that timed out, say), so the next move names the right one.
 */
async function flipOnce(flip: StageFlip, send: (from: Position, to: Position) => Promise<Position>) {
  const i = at.get(flip.key) ?? 0;
  const from = flip.positions[i]!;
  const to = flip.positions[1 - i]!;
  const answer = await send(from, to);
  const now = flip.positions.findIndex((p) => same(p, answer));
  if (now === 0 || now === 1) at.set(flip.key, now);
  if (!same(answer, to))
    throw new Error(
      `the stage did not move: ${from.pageName} ${from.pageStep} → ${to.pageName} ${to.pageStep} answered ` +
        `${answer.pageName} ${answer.pageStep}`,
    );
}

async function httpMove(
  p: InstanceType<typeof Pool>,
  flip: { path: string; headers: Record<string, string> },
  from: Position,
  to: Position,
): Promise<Position> {
  const body = JSON.stringify({ pageName: to.pageName, pageStep: to.pageStep, from });
  const res = await p.request({ method: 'PATCH', path: flip.path, headers: flip.headers, body });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`PATCH ${flip.path} answered ${res.statusCode}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as Position;
}

async function run(cmd: DriverCommand): Promise<LoadResult> {
  if (cmd.kind === 'stage-http' || cmd.kind === 'stage-settle') {
    const p = poolOf(cmd.origin, ('concurrency' in cmd ? cmd.concurrency : 1) * 2);
    if (cmd.kind === 'stage-settle') {
      // Back at 0 by a move through the api: from 1 one move, from 0 a move forward and one back.
      let requests = 0;
      for (const f of cmd.flips) {
        if ((at.get(f.key) ?? 0) === 0) await flipOnce(f, (from, to) => httpMove(p, f, from, to));
        await flipOnce(f, (from, to) => httpMove(p, f, from, to));
        requests++;
      }
      return { requests, errors: 0, seconds: 0, rps: 0, p50: 0, p95: 0, p99: 0 };
    }
    return closedLoop({
      concurrency: cmd.concurrency,
      seconds: cmd.seconds,
      send: (caller) => {
        const f = cmd.flips[caller % cmd.flips.length]!;
        return flipOnce(f, (from, to) => httpMove(p, f, from, to));
      },
    });
  }
  if (cmd.kind === 'stage-temporal') {
    const c = await clientOf(cmd);
    return closedLoop({
      concurrency: cmd.concurrency,
      seconds: cmd.seconds,
      send: (caller) => {
        const f = cmd.flips[caller % cmd.flips.length]!;
        return flipOnce(f, async (from, to) => {
          // The update the api sends: the saved sections only with a move that could go forward.
          const forward = same(to, f.positions[1]);
          const move = { to: 'position', ...to, from, answered: forward ? f.answered : [] };
          return await c.workflow.getHandle(f.workflowId).executeUpdate<Position, [unknown]>('moveStage', {
            args: [move],
          });
        });
      },
    });
  }
  const p = poolOf(cmd.origin, cmd.concurrency * 2);
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

process.on('message', (msg: { id: number; cmd: DriverCommand }) => {
  run(msg.cmd).then(
    (result) => process.send!({ id: msg.id, result }),
    (e: Error) => process.send!({ id: msg.id, error: e.stack ?? e.message }),
  );
});
process.send!({ ready: true });
