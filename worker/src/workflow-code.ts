import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleWorkflowCode, type WorkerOptions } from '@temporalio/worker';
import { workflowTracingModule } from './telemetry/tracing';

const WORKFLOWS = require.resolve('@portal/workflows/dist/workflows');

/**
 * The workflow code a Worker runs. Without a bundle folder, the Worker bundles the workflows itself at start
 * (webpack: about 3 s and 4 CPU-s on a slow machine, and its memory, every start). With one, a bundle is made
 * once per set of interceptor modules and read from the folder after that: the production image makes its
 * bundles at build time (prebundle.ts, WORKFLOW_BUNDLE_DIR), and the test suites, which start a worker per
 * test file from one build, make theirs once per run. The folder must belong to one build: a bundle is found
 * by its interceptor modules only, never checked against the code it was made from.
 */
export async function workflowCode(
  interceptorModules: string[] = [],
  bundleDir?: string,
): Promise<Pick<WorkerOptions, 'workflowsPath' | 'workflowBundle'>> {
  if (!bundleDir) return { workflowsPath: WORKFLOWS };
  const key = createHash('sha256').update(JSON.stringify(interceptorModules)).digest('hex').slice(0, 16);
  const codePath = join(bundleDir, `workflows-${key}.js`);
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

/** Every bundle a worker may ask for (traces off, traces on) made in `bundleDir`, for a build to ship. */
export async function prebundle(bundleDir: string): Promise<string[]> {
  const made: string[] = [];
  for (const modules of [[], [workflowTracingModule()]]) {
    const code = await workflowCode(modules, bundleDir);
    made.push(code.workflowBundle && 'codePath' in code.workflowBundle ? code.workflowBundle.codePath : '');
  }
  return made;
}
