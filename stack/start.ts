// `npm start`: builds what changed, then runs the whole local stack until Ctrl-C.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { ROOT, startStack } from './stack.ts';
import { stopAll, type Running } from './processes.ts';

const build = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const { STACK_SETTINGS, API_SETTINGS, WORKER_SETTINGS, loadEnv, ConfigError } = createRequire(import.meta.url)(
  `${ROOT}/libs/dist/index.js`,
);
let ports;
try {
  ports = loadEnv(STACK_SETTINGS, process.env);
  loadEnv(API_SETTINGS, process.env);
  loadEnv(WORKER_SETTINGS, process.env);
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}

let running: Running[] = [];
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping the stack...');
  await stopAll(running);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  running = await startStack(ports);
} catch (e) {
  console.error(`start-up failed: ${(e as Error).message}`);
  process.exit(1);
}
console.log('\nThe stack is up:');
for (const r of running) if (r.spec.url) console.log(`  ${r.spec.name.padEnd(9)} ${r.spec.url}`);
console.log(`  api       http://localhost:${ports.WEB_PORT}/api/health\n\nCtrl-C stops everything.`);
for (const r of running) {
  void r.exited.then((code) => {
    if (!stopping) {
      console.error(`${r.spec.name} exited unexpectedly (code ${code}); stopping the stack`);
      void shutdown(1);
    }
  });
}
