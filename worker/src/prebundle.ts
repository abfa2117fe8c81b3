// `node worker/dist/prebundle.js <folder> [--modules=<JSON list>]`: the workflow bundles a worker asks for,
// made in <folder>: every set of interceptor modules a worker may ask for (at build time, deploy/node.Dockerfile,
// so that a worker started with WORKFLOW_BUNDLE_DIR=<folder> reads them), or the one set given (a worker
// bundling at its start, in this process rather than its own: workflow-code.ts).
import { prebundle } from './workflow-code';

const [dir, modules] = process.argv.slice(2);
if (!dir || (modules !== undefined && !modules.startsWith('--modules='))) {
  console.error('usage: node worker/dist/prebundle.js <folder> [--modules=<JSON list of module paths>]');
  process.exit(2);
}
const sets = modules ? [JSON.parse(modules.slice('--modules='.length)) as string[]] : undefined;
prebundle(dir, sets).then(
  (files) => console.log(`workflow bundles: ${files.join(', ')}`),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
