// Starts the whole local stack (the same code as `npm start`) on free ports with a throw-away data dir.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT, startStack } from '../../stack/stack.ts';
import { freePorts } from '../support/free-port';

/** In this checkout, not a shared /tmp name: two checkouts' runs must never stop each other's stacks. */
export const STATE_FILE = join(ROOT, 'test-results', 'e2e-state.json');

export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const freshPorts = await freePorts(12);
  const ports = {
    WEB_PORT: freshPorts[0]!,
    API_PORT: freshPorts[1]!,
    TEMPORAL_PORT: freshPorts[2]!,
    TEMPORAL_UI_PORT: freshPorts[3]!,
    MONGODB_PORT: freshPorts[4]!,
    SMTP_PORT: freshPorts[5]!,
    MAILDEV_WEB_PORT: freshPorts[6]!,
    S3_PORT: freshPorts[7]!,
    CRM_STANDIN_PORT: freshPorts[8]!,
    ESIGN_STANDIN_PORT: freshPorts[9]!,
    OFFER_STANDIN_PORT: freshPorts[10]!,
    PLAID_STANDIN_PORT: freshPorts[11]!,
    DATA_DIR: dataDir,
  };
  // Every browser of the suite reaches the api as 127.0.0.1, and the suite signs up far more than the 20
  // applicants an hour one address may (tests/e2e/local-addresses.spec.ts proves the limit per browser).
  process.env.SIGN_UPS_PER_ADDRESS_HOUR = '1000';
  const running = await startStack(ports, { headless: true, webMode: 'preview', publicHost: '127.0.0.1', s3: 'moto' });
  mkdirSync(dirname(STATE_FILE), { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify({ dataDir, pids: running.map((r) => r.child.pid) }));
  process.env.E2E_BASE_URL = `http://127.0.0.1:${ports.WEB_PORT}`;
  process.env.E2E_MONGODB_URI = `mongodb://127.0.0.1:${ports.MONGODB_PORT}/portal`;
  process.env.E2E_TEMPORAL_ADDRESS = `127.0.0.1:${ports.TEMPORAL_PORT}`;
  process.env.E2E_CRM_URL = `http://127.0.0.1:${ports.CRM_STANDIN_PORT}`;
  process.env.E2E_ESIGN_URL = `http://127.0.0.1:${ports.ESIGN_STANDIN_PORT}`;
  process.env.E2E_MAILDEV_URL = `http://127.0.0.1:${ports.MAILDEV_WEB_PORT}`;
  process.env.E2E_PLAID_URL = `http://127.0.0.1:${ports.PLAID_STANDIN_PORT}`;
}
