// `node worker/dist/prebundle.js <folder>`: the workflow bundles a worker asks for, made at build time
// (deploy/node.Dockerfile), so that a worker started with WORKFLOW_BUNDLE_DIR=<folder> reads them instead of
// bundling the workflows with webpack at every start.
import { prebundle } from './workflow-code';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node worker/dist/prebundle.js <folder>');
  process.exit(2);
}
prebundle(dir).then(
  (files) => console.log(`workflow bundles: ${files.join(', ')}`),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
