import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleWorkflowCode, type WorkerOptions } from '@temporalio/worker';

const WORKFLOWS = require.resolve('@portal/workflows/dist/workflows');

/**
 * The workflow code a Worker runs. Without a bundle folder, the Worker bundles the workflows itself at start
 * (as in production: one worker process, one bundle). With one (the test suites, which start a worker per
 * test file from one build), a bundle is made once per set of interceptor modules and read from the folder
 * after that: bundling takes seconds of CPU that every file would otherwise spend again. The folder must
 * belong to one build (the suites make a fresh one per run).
 */
export async function workflowCode(
  interceptorModules: string[] = [],
  bundleDir?: string,
): Promise<Pick<WorkerOptions, 'workflowsPath' | 'workflowBundle'>> {
  if (!bundleDir) return { workflowsPath: WORKFLOWS };
  const key = createHash('sha256').update(JSON.stringify(interceptorModules)).digest('hex').slice(0, 16);
  const codePath = join(bundleDir, `workflows-${key}.js`);
  if (!existsSync(codePath)) {
    const { code } = await bundleWorkflowCode({
      workflowsPath: WORKFLOWS,
      workflowInterceptorModules: interceptorModules,
    });
    mkdirSync(bundleDir, { recursive: true });
    // Written whole, then renamed: a reader never finds half a bundle.
    const partial = `${codePath}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, codePath);
  }
  return { workflowBundle: { codePath } };
}
