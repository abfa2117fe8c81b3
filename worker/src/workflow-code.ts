import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleWorkflowCode, type WorkerOptions } from '@temporalio/worker';
import { workflowTracingModule } from './telemetry/tracing';

const WORKFLOWS = require.resolve('@portal/workflows/dist/workflows');

/** Where the bundle for a set of interceptor modules lives in a bundle folder. */
const bundlePath = (bundleDir: string, interceptorModules: string[]) =>
  join(
    bundleDir,
    `workflows-${createHash('sha256').update(JSON.stringify(interceptorModules)).digest('hex').slice(0, 16)}.js`,
  );

/**
 * The workflow code a Worker runs. With a bundle folder, a bundle is made once per set of interceptor modules
 * and read from the folder after that: the production image makes its bundles at build time (prebundle.ts,
 * WORKFLOW_BUNDLE_DIR), and the test suites, which start a worker per test file from one build, make theirs
 * once per run. The folder must belong to one build: a bundle is found by its interceptor modules only, never
 * checked against the code it was made from. Without one, the workflows are bundled afresh at each start, in a
 * child process (bundledApart).
 */
export async function workflowCode(
  interceptorModules: string[] = [],
  bundleDir?: string,
): Promise<Pick<WorkerOptions, 'workflowBundle'>> {
  if (!bundleDir) return { workflowBundle: { code: await bundledApart(interceptorModules) } };
  const codePath = bundlePath(bundleDir, interceptorModules);
  if (existsSync(codePath)) return { workflowBundle: { codePath } };
  const { code } = await bundleWorkflowCode({
    workflowsPath: WORKFLOWS,
    workflowInterceptorModules: interceptorModules,
  });
  try {
    mkdirSync(bundleDir, { recursive: true });
    // Written whole, then renamed: a reader never finds half a bundle.
    const partial = `${codePath}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, codePath);
  } catch (e) {
    // A folder the worker may not write (an image's, built without this bundle): the bundle just made serves.
    console.warn(`workflow bundle not kept in ${bundleDir} (${(e as Error).message}); bundled at start instead`);
    return { workflowBundle: { code } };
  }
  return { workflowBundle: { codePath } };
}

/**
 * The bundle made by a child process (prebundle.js), its code read back: webpack's memory, about 186 MiB of RSS
 * that a worker kept after bundling in its own process (2026-11-30), leaves with the child.
 */
async function bundledApart(interceptorModules: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'workflow-bundle-'));
  try {
    const child = spawn(
      process.execPath,
      [join(__dirname, 'prebundle.js'), dir, `--modules=${JSON.stringify(interceptorModules)}`],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`bundling the workflows failed (exit ${code})`);
    return readFileSync(bundlePath(dir, interceptorModules), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Interceptor module sets a worker may ask for: traces off, traces on. */
const MODULE_SETS = () => [[], [workflowTracingModule()]];

/** The bundles for `sets` (every set a worker may ask for, by default) made in `bundleDir`, for a build to ship. */
export async function prebundle(bundleDir: string, sets: string[][] = MODULE_SETS()): Promise<string[]> {
  const made: string[] = [];
  for (const modules of sets) {
    const code = await workflowCode(modules, bundleDir);
    made.push(code.workflowBundle && 'codePath' in code.workflowBundle ? code.workflowBundle.codePath : '');
  }
  return made;
}
