import type { ServiceSpec } from '../stack/processes';
import { infrastructureSpecs } from '../stack/stack';

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
      DATA_DIR: dataDir,
    },
    { headless: true },
  );
  const named = (name: string) => specs.find((s) => s.name === name)!;
  return { temporal: named('temporal'), ferretdb: named('ferretdb') };
}
