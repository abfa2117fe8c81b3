import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The temp folders of this process: a test can check none is left behind. */
export const SPOOL_PREFIX = `portal-upload-${process.pid}-`;

/** A private temp folder for one upload's file: `path` inside it, `dispose()` removes it all. */
export type SpoolFolder = { path: string; dispose: () => Promise<void> };

export async function openSpool(): Promise<SpoolFolder> {
  const dir = await mkdtemp(join(tmpdir(), SPOOL_PREFIX));
  return { path: join(dir, 'upload.pdf'), dispose: () => rm(dir, { recursive: true, force: true }) };
}
