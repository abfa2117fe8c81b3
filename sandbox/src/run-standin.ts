/**
 * A stand-in as a process (npm start): starts it, says where it listens, and closes it on SIGINT or
 * SIGTERM; a start that fails prints why and exits 1.
 */
export function runStandin(name: string, start: () => Promise<{ url: string; close(): Promise<void> }>) {
  start().then(
    (standin) => {
      console.log(`${name} at ${standin.url}`);
      const stop = () => void standin.close().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}

/** A stand-in's port and client credentials from the environment, with the local stack's defaults. */
export function standinEnv(vars: { port: string; clientId: string; clientSecret: string }, defaultPort: number) {
  return {
    port: Number(process.env[vars.port] ?? defaultPort),
    clientId: process.env[vars.clientId] ?? 'portal-local',
    clientSecret: process.env[vars.clientSecret] ?? 'portal-local-secret',
  };
}
