// `npm test`: lint, type-check and build, the compose file check, then side by side Playwright in Debian's
// Chromium, the integration tests, and the resilience suite, the bench smoke, unit, web and security tests
// (Vitest). Prints one closing line 'N passed, N failed', the failures named above it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from './stack.ts';

const NODE = process.execPath;
const reports = join(ROOT, 'test-results');
mkdirSync(reports, { recursive: true });
let passed = 0;
let failed = 0;
// Named again under the closing line, so the tail of a long log says what failed.
const failures: string[] = [];
const started = Date.now();

const bin = (p: string) => join(ROOT, 'node_modules', p);

/** A step whose output is kept and printed whole when it ends, so two steps running at once stay readable. */
function quietStep(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd = ROOT,
): Promise<boolean> {
  const t = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code) => {
      const ok = code === 0;
      process.stdout.write(`\n=== ${name}\n${Buffer.concat(out).toString()}`);
      console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - t) / 1000).toFixed(1)}s)`);
      // Its last lines beside its name: a CI log's tail then says why, not only what.
      if (!ok) failures.push(`step: ${name}${lastLines(Buffer.concat(out).toString())}`);
      done(ok);
    });
  });
}
/** A text's non-empty lines, trimmed and without colours. */
function plainLines(text = ''): string[] {
  return stripVTControlCharacters(text)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}
/** A failed step's last three lines, indented under its name. */
const lastLines = (output: string) =>
  plainLines(output)
    .slice(-3)
    .map((l) => `\n    ${l.slice(0, 300)}`)
    .join('');
/** Steps one after another; every step runs even when an earlier one failed (all failures are reported). */
async function chain(steps: (() => Promise<boolean>)[]): Promise<boolean[]> {
  const results: boolean[] = [];
  for (const s of steps) results.push(await s());
  return results;
}

// The compose file needs its secrets from the environment (each `${NAME:?…}` in it); placeholders are enough
// to validate it. Read from the file, so a newly required setting needs no second list here.
const composeEnv = Object.fromEntries(
  [
    ...new Set([...readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8').matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]!)),
  ].map((k) => [k, process.env[k] ?? 'placeholder']),
);
const withCompose = { ...process.env, ...composeEnv };
const composeStep =
  spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0
    ? () =>
        quietStep(
          'docker compose config',
          'docker',
          ['compose', '-f', 'docker-compose.yml', 'config', '--quiet'],
          withCompose,
        )
    : () =>
        quietStep(
          'compose file (compose-go, as docker compose config)',
          join(ROOT, '.tools/bin/compose-check'),
          ['docker-compose.yml'],
          withCompose,
        );

// The static checks are single-threaded tools: two chains side by side use both cores. Lint waits for the
// packages' build (type-aware lint reads the built libs' declarations).
const built = quietStep('build and type-check', NODE, [bin('typescript/bin/tsc'), '-b']);
const checks: boolean[] = (
  await Promise.all([
    (async () => [await built, await quietStep('lint', NODE, [bin('eslint/bin/eslint.js'), '.'])])(),
    chain([
      () => quietStep('type-check web', NODE, [bin('typescript/bin/tsc'), '-p', 'web/tsconfig.json', '--noEmit']),
      () => quietStep('format', NODE, [bin('prettier/bin/prettier.cjs'), '--check', '.']),
      () => quietStep('build web', NODE, [bin('vite/bin/vite.js'), 'build', 'web']),
      // The size budget of the production build: the first visit and each later page (web/.size-limit.mjs).
      () => quietStep('web size budget (size-limit)', NODE, [bin('size-limit/bin.js')], process.env, join(ROOT, 'web')),
      composeStep,
    ]),
  ])
).flat();

const firstLine = (message = '') => message.split('\n')[0]!.slice(0, 300);
/** An end-to-end failure's first three lines on one (the expectation, then its locator). */
const briefly = (message?: string) => plainLines(message).slice(0, 3).join(' | ').slice(0, 400);

/** Counts a Vitest JSON report's tests into the closing line. */
function countVitest(report: string): void {
  if (!existsSync(report)) return;
  const v = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: {
      name: string;
      status: string;
      message?: string;
      assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
    }[];
  };
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  for (const file of v.testResults) {
    // A file that failed outside its tests (a hook, an import): no test says so, its message does.
    if (file.status === 'failed' && !file.assertionResults.some((a) => a.status === 'failed'))
      failures.push(`${file.name.replace(`${ROOT}/`, '')}: ${firstLine(file.message)}`);
    for (const t of file.assertionResults.filter((a) => a.status === 'failed'))
      failures.push(`${file.name.replace(`${ROOT}/`, '')} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  }
}

/** Counts Playwright's JSON report into the closing line. */
function countPlaywright(report: string): void {
  if (!existsSync(report)) return;
  type Suite = {
    suites?: Suite[];
    specs?: {
      title: string;
      file: string;
      ok: boolean;
      tests: { projectName: string; status: string; results?: { error?: { message?: string } }[] }[];
    }[];
  };
  const p = JSON.parse(readFileSync(report, 'utf8')) as Suite & {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  passed += p.stats.expected + p.stats.flaky;
  failed += p.stats.unexpected;
  const walk = (s: Suite): void => {
    for (const spec of s.specs ?? [])
      for (const t of spec.tests.filter((x) => x.status === 'unexpected'))
        failures.push(`${spec.file} > ${spec.title} [${t.projectName}]: ` + briefly(t.results?.at(-1)?.error?.message));
    s.suites?.forEach(walk);
  };
  walk(p);
}

const reportsOf = {
  integration: join(reports, 'vitest-integration.json'),
  security: join(reports, 'vitest-security.json'),
  unit: join(reports, 'vitest.json'),
  resilience: join(reports, 'vitest-resilience.json'),
  playwright: join(reports, 'playwright.json'),
};
// A report left by an earlier run must not be counted.
for (const report of Object.values(reportsOf)) rmSync(report, { force: true });
const vitest =
  (name: string, project: string[], report: string, env = process.env) =>
  () =>
    quietStep(
      name,
      NODE,
      [
        bin('vitest/vitest.mjs'),
        'run',
        ...project.flatMap((p) => ['--project', p]),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      env,
    );
// Three lanes side by side, each on stacks of its own (free ports, throw-away data). Much of each lane is
// waiting (a browser on a page, a fault's back-off, a workflow's timer), so they share the cores well. Vitest
// runs the files of every project that keeps one file at a time (integration, security) one after another,
// whatever the project, hence a process per suite. The security suite, whose tests time other applicants'
// answers under attack, runs after the integration suite, beside Playwright's end only.
checks.push(
  ...(
    await Promise.all([
      chain([
        () => quietStep('end-to-end tests (Playwright, Chromium)', NODE, [bin('@playwright/test/cli.js'), 'test']),
      ]),
      chain([
        vitest('integration tests (Vitest: api, worker, workflows)', ['integration'], reportsOf.integration),
        vitest('security suite (Vitest)', ['security'], reportsOf.security),
      ]),
      chain([
        // The resilience suite's short form: every fault class at every external call, and processes killed
        // mid-journey, with delays of seconds (`npm run test:resilience:full` runs the long ones).
        vitest(
          'resilience suite, short form (faults injected, processes killed)',
          ['resilience'],
          reportsOf.resilience,
          { ...process.env, RESILIENCE_FULL: '' },
        ),
        // The benchmarks' smoke run (a few seconds each, on a stack of its own): they cannot rot unnoticed. Run
        // as stack/node.sh runs a TypeScript script (esm-sources.mjs: our .ts files are ES modules).
        () =>
          quietStep('benchmark smoke (npm run bench --smoke)', NODE, [
            '--import',
            join(ROOT, 'stack/esm-sources.mjs'),
            'stack/bench.ts',
            '--smoke',
          ]),
        vitest('unit and web tests (Vitest)', ['unit', 'web'], reportsOf.unit),
      ]),
    ])
  ).flat(),
);
for (const report of [reportsOf.integration, reportsOf.security, reportsOf.unit, reportsOf.resilience])
  countVitest(report);
countPlaywright(reportsOf.playwright);

const failedSteps = checks.filter((ok) => !ok).length;
console.log(`\nnpm test finished in ${((Date.now() - started) / 60000).toFixed(1)} min; ${failedSteps} step(s) failed`);
for (const f of failures) console.log(`FAILED ${f}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
