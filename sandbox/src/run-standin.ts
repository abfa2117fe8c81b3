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
