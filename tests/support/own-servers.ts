import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, stopAll, type Running, type ServiceSpec } from '../../stack/processes';
import { infrastructureSpecs } from '../../stack/stack';
import { freePort } from './free-port';

/**
 * The stack's own Temporal dev server and FerretDB, for a spec that stops and starts them: on the given
 * ports, their data on disk under dataDir (so a restart keeps it), the suite's shared servers left alone.
 */
export function ownServerSpecs(
  ports: { temporal?: number; mongodb?: number },
  dataDir: string,
): Record<'temporal' | 'ferretdb', ServiceSpec> {
  const specs = infrastructureSpecs(
    {
      WEB_PORT: 0,
      API_PORT: 0,
      TEMPORAL_PORT: ports.temporal ?? 0,
      TEMPORAL_UI_PORT: 0,
      MONGODB_PORT: ports.mongodb ?? 0,
      SMTP_PORT: 0,
      MAILDEV_WEB_PORT: 0,
      S3_PORT: 0,
      CRM_STANDIN_PORT: 0,
      ESIGN_STANDIN_PORT: 0,
      OFFER_STANDIN_PORT: 0,
      PLAID_STANDIN_PORT: 0,
      DATA_DIR: dataDir,
    },
    { headless: true },
  );
  const named = (name: string) => specs.find((s) => s.name === name)!;
  return { temporal: named('temporal'), ferretdb: named('ferretdb') };
}

/**
 * A Temporal dev server of a spec's own, to stop and start in the middle of a journey: a free port, chosen
 * once, and its data in a directory of its own, kept across restarts and removed by close().
 */
export function ownTemporal(dirPrefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), dirPrefix));
  let port = 0;
  let running: Running | undefined;
  return {
    address: () => `127.0.0.1:${port}`,
    async start() {
      port ||= await freePort();
      const spec = ownServerSpecs({ temporal: port }, dataDir).temporal;
      spec.quiet = true;
      running = await startService(spec);
    },
    async stop() {
      if (running) await stopAll([running]);
      running = undefined;
    },
    async close() {
      await this.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
