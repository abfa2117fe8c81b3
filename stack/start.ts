// `npm start`: builds what changed, then runs the whole local stack until Ctrl-C. The web app is served
// as users get it: the production build, rebuilt when a source changes. `npm run dev` (--dev) serves it
// from Vite's development server instead, with hot reload.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { ROOT, appEnv, startStack } from './stack.ts';
import { LOCAL_OPERATOR_TOKEN } from './local-services.ts';
import { stopAll, supervise, type Running, type Supervisor } from './processes.ts';
import { viewLines } from './views.ts';

const dev = process.argv.includes('--dev');
const build = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
if (!dev) {
  const web = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', 'web', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (web.status !== 0) process.exit(web.status ?? 1);
}

const { STACK_SETTINGS, API_SETTINGS, WORKER_SETTINGS, loadEnv, ConfigError } = createRequire(import.meta.url)(
  `${ROOT}/libs/dist/index.js`,
);
let ports;
let namespace = 'default';
try {
  ports = loadEnv(STACK_SETTINGS, process.env);
  // Judged as the api and the worker will see them (PUBLIC_URL and the addresses come from the ports).
  const env = { ...process.env, ...appEnv(ports) };
  namespace = loadEnv(API_SETTINGS, env).TEMPORAL_NAMESPACE;
  loadEnv(WORKER_SETTINGS, env);
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}

let running: Running[] = [];
let supervisors: Supervisor[] = [];
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping the stack...');
  // Supervisors first, so a process stopped on purpose is not restarted; then in reverse start order.
  await Promise.all(supervisors.map((s) => s.stop()));
  await stopAll(running.filter((r) => r.spec.essential));
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

// This start's operator token, for `npm run ops` (stack/ops.ts), readable by the operator's account alone.
mkdirSync(resolve(ROOT, ports.DATA_DIR), { recursive: true });
writeFileSync(join(resolve(ROOT, ports.DATA_DIR), 'operator-token'), LOCAL_OPERATOR_TOKEN, { mode: 0o600 });

try {
  running = await startStack(ports, { webMode: dev ? 'dev' : 'watch' });
} catch (e) {
  console.error(`start-up failed: ${(e as Error).message}`);
  process.exit(1);
}
console.log('\nThe stack is up:');
for (const r of running) if (r.spec.url) console.log(`  ${r.spec.name.padEnd(9)} ${r.spec.url}`);
console.log(`  api       http://localhost:${ports.WEB_PORT}/api/health`);
// The operators' saved views as links (the dev server's UI keeps saved views in the browser only).
console.log(`\nSaved views (npm run ops -- views prints them again with fresh times):`);
// Through the operators' door when it runs (the UI decodes payloads there, once signed in).
const ui = `http://localhost:${ports.CODEC_PROXY_PORT ?? ports.TEMPORAL_UI_PORT}`;
console.log(viewLines(ui, namespace).join('\n'));
console.log('\nCtrl-C stops everything.');
// A crashed api, worker, web server or stand-in is restarted (one malformed request must not end a
// developer's session). Temporal and FerretDB hold the data: when one dies the cause is usually one a
// restart would not cure and would hide (a damaged SQLite file, a full disk, the port taken), so the
// stack stops and says which.
supervisors = running.filter((r) => !r.spec.essential).map((r) => supervise(r));
for (const r of running.filter((x) => x.spec.essential)) {
  void r.exited.then((code) => {
    if (stopping) return;
    console.error(
      `${r.spec.name} exited (code ${code}, signal ${r.child.signalCode}); it holds the stack's data and is not ` +
        `restarted: stopping the stack (its last lines are above; data in ${ports.DATA_DIR})`,
    );
    void shutdown(1);
  });
}
