// Integration tests run against a real Temporal dev server and a real FerretDB, started here on free
// ports with throw-away data, and removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startService, stopAll, tcpOpen, type Running } from '../../stack/processes.ts';
import { infrastructureSpecs } from '../../stack/stack.ts';
import { freePorts } from './free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    mongoBaseUri: string;
    smtpPort: number;
    maildevUrl: string;
    s3Endpoint: string;
    /** Prebuilt workflow bundles for this run's workers (worker/src/workflow-code.ts). */
    workflowBundleDir: string;
  }
}

let running: Running[] = [];
let dataDir = '';

export async function setup(project: TestProject) {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-it-'));
  const freshPorts = await freePorts(5);
  const ports = {
    WEB_PORT: 0,
    API_PORT: 0,
    TEMPORAL_UI_PORT: 0,
    SMTP_PORT: freshPorts[0]!,
    MAILDEV_WEB_PORT: freshPorts[1]!,
    S3_PORT: freshPorts[2]!,
    CRM_STANDIN_PORT: 0,
    ESIGN_STANDIN_PORT: 0,
    OFFER_STANDIN_PORT: 0,
    PLAID_STANDIN_PORT: 0,
    TEMPORAL_PORT: freshPorts[3]!,
    MONGODB_PORT: freshPorts[4]!,
    DATA_DIR: dataDir,
  };
  // moto as the tests' S3: checksums on, encryption headers kept, IAM when asked (docs/integrations.md,
  // 'S3 locally and in tests').
  const wanted = infrastructureSpecs(ports, { headless: true, s3: 'moto' }).filter((s) =>
    ['temporal', 'ferretdb', 'maildev', 's3'].includes(s.name),
  );
  for (const spec of wanted) {
    // In-memory Temporal: no database file, so the search attributes come from the flags.
    if (spec.name === 'temporal')
      spec.args = spec.args.filter((a, i, all) => a !== '--db-filename' && all[i - 1] !== '--db-filename');
    spec.quiet = true;
    running.push(await startService(spec));
  }
  if (!(await tcpOpen(ports.MONGODB_PORT))) throw new Error('FerretDB did not start');
  project.provide('temporalAddress', `127.0.0.1:${ports.TEMPORAL_PORT}`);
  project.provide('mongoBaseUri', `mongodb://127.0.0.1:${ports.MONGODB_PORT}`);
  project.provide('smtpPort', ports.SMTP_PORT);
  project.provide('s3Endpoint', `http://127.0.0.1:${ports.S3_PORT}`);
  project.provide('maildevUrl', `http://127.0.0.1:${ports.MAILDEV_WEB_PORT}`);
  project.provide('workflowBundleDir', join(dataDir, 'workflow-bundles'));
}

export async function teardown() {
  await stopAll(running);
  running = [];
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
