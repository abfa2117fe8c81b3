// The repo root, for every launcher, test set-up and tool under stack/ and tests/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The repo root: the nearest folder up from the working directory whose package.json is this project's.
 * (Not import.meta: Playwright loads this file as CommonJS, the launcher as an ES module.)
 */
function findRoot(from: string): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'portal') return dir;
    if (dirname(dir) === dir) throw new Error('run from inside the portal repository');
  }
}
export const ROOT = findRoot(process.cwd());
/** A path inside the repo. */
export const bin = (p: string) => join(ROOT, p);
