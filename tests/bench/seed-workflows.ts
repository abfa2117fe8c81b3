// Each seeded application's workflow on the bench's Temporal, so that the book's size weighs on Temporal, its
// visibility store and the worker as on MongoDB. Started as the api's sign-up starts it (the lead made from
// the application's own user and business, the api's stall timings), through the api's data converter (each
// application's payloads sealed with its own key, which the seed copied with its records). Most of a real book
// has ended: those are withdrawn as an operator withdraws one (the withdrawApplication signal, sent with the
// start), so each runs the real closing path (its CRM lead made and closed, its record marked withdrawn) and
// leaves a closed history. One in RUNNING_EVERY is left running as an application its applicant walked away
// from: waiting on the applicant, the stall clock's timers pending.
import { Client, Connection } from '@temporalio/client';
import { createRequire } from 'node:module';
import type * as Mongo from 'mongodb';
import type * as Workflows from '../../workflows/src/index.ts';
import type { SeededLead } from './seed.ts';

const require = createRequire(import.meta.url);
const { MongoClient } = require('mongodb') as typeof Mongo;

/** One seeded application in this many is left running (10%); the others are withdrawn and closed. */
export const RUNNING_EVERY = 10;
/**
 * At most this many seeded workflows in all the sizes (the rest of a book has MongoDB records only). Measured
 * on 2026-11-29 on the 2-core machine: 33 a second (the worker 29 ms and Temporal 14 ms of CPU each), so a
 * whole 100,000 would take 50 minutes; every seeded application at 1,000 and 10,000 has its workflow, and
 * about 10,000 of 100,000's (5 minutes).
 */
export const WORKFLOW_SEED_CAP = 20_000;
/** Applications whose workflow is being started or closed at once. */
const IN_FLIGHT = 20;
/** How long a running seed may take to make its lead and settle (a stuck worker fails the seeding). */
const SETTLE_MS = 60_000;

export type SeederSettings = {
  TEMPORAL_ADDRESS: string;
  TEMPORAL_NAMESPACE: string;
  TEMPORAL_TASK_QUEUE: string;
  PAYLOAD_KEY_ID: string;
  PAYLOAD_KEY: string;
  MONGODB_URI: string;
  /** The stall clock and run bounds, as the api passes them (its STALL_* and WORKFLOW_RUN_* settings). */
  timing: Record<string, number>;
};

export type WorkflowCount = { running: number; closed: number };

/** A client with the api's data converter; seeds workflows and counts them. */
export async function openSeeder(s: SeederSettings) {
  const wf = require('../../workflows/dist/index.js') as typeof Workflows;
  const mongo = await MongoClient.connect(s.MONGODB_URI);
  const keys = mongo.db().collection<Workflows.ApplicationKeyRecord>(wf.APPLICATION_KEYS_COLLECTION);
  const connection = await Connection.connect({ address: s.TEMPORAL_ADDRESS });
  const client = new Client({
    connection,
    namespace: s.TEMPORAL_NAMESPACE,
    dataConverter: await wf.createDataConverter(s, keys),
  });
  const type = `WorkflowType = "${wf.APPLICATION_WORKFLOW_TYPE}"`;

  /** One application: started as the api starts it; withdrawn and awaited to its close, or left running. */
  async function one(lead: SeededLead, running: boolean): Promise<number> {
    const options = {
      workflowId: wf.applicationWorkflowId(lead.applicationId),
      taskQueue: s.TEMPORAL_TASK_QUEUE,
      args: [{ applicationId: lead.applicationId, lead, timing: s.timing }] as [Workflows.ApplicationWorkflowInput],
    };
    if (!running) {
      const handle = await client.workflow.signalWithStart(wf.APPLICATION_WORKFLOW_TYPE, {
        ...options,
        signal: wf.withdrawApplication,
        signalArgs: [{ by: 'operator' }],
      });
      await handle.result();
      return (await handle.describe()).historyLength;
    }
    const handle = await client.workflow.start(wf.APPLICATION_WORKFLOW_TYPE, options);
    // Seeded once its lead is made and it waits on the applicant: no task or activity left to run.
    for (const until = Date.now() + SETTLE_MS; ;) {
      if (Date.now() > until)
        throw new Error(`seeded workflow ${options.workflowId} did not settle in ${SETTLE_MS} ms`);
      const { raw, historyLength } = await handle.describe();
      if (historyLength > 3 && !raw.pendingWorkflowTask && !raw.pendingActivities?.length) return historyLength;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  return {
    /**
     * Seeds the leads' workflows, IN_FLIGHT at once; `from` numbers them across calls (which are left
     * running). Answers how many of each and how long it took.
     */
    async seed(leads: SeededLead[], from: number, log: (line: string) => void) {
      const started = performance.now();
      let next = 0;
      let done = 0;
      let running = 0;
      const events = { closed: [] as number[], running: [] as number[] };
      const lane = async () => {
        for (let i = next++; i < leads.length; i = next++) {
          const keep = (from + i) % RUNNING_EVERY === 0;
          events[keep ? 'running' : 'closed'].push(await one(leads[i]!, keep));
          if (keep) running++;
          if (++done % 2_000 === 0)
            log(`  workflows ${done}/${leads.length} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
        }
      };
      await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, leads.length) }, lane));
      const seconds = (performance.now() - started) / 1000;
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
      return {
        count: leads.length,
        running,
        closed: leads.length - running,
        seconds,
        /** The median history length of each kind. */
        events: { closed: median(events.closed), running: median(events.running) },
      };
    },
    /** The application workflows Temporal holds, by its visibility store. */
    async count(): Promise<WorkflowCount> {
      const [running, all] = await Promise.all([
        client.workflow.count(`${type} AND ExecutionStatus = "Running"`),
        client.workflow.count(type),
      ]);
      return { running: running.count, closed: all.count - running.count };
    },
    async close() {
      await connection.close();
      await mongo.close();
    },
  };
}
