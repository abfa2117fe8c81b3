// The workflow code a worker runs: bundles made once (at build time for the image, once per run for the test
// suites) and read after that, never bundled again at a worker's start.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
// The built modules, as the image runs them: the traces' interceptor module is found by its path in dist.
import { workflowTracingModule } from '@portal/worker/dist/telemetry/tracing';
import { prebundle, workflowCode } from '@portal/worker/dist/workflow-code';

const scratch = mkdtempSync(join(tmpdir(), 'workflow-code-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the workflow bundles', () => {
  it('are made for traces off and on, and a worker of either kind reads its own without bundling again', async () => {
    // The run's own folder (other test files' workers read it too): made here, or found made by them.
    const dir = inject('workflowBundleDir');
    const files = await prebundle(dir);
    expect(files).toHaveLength(2);
    expect(new Set(files).size).toBe(2);
    const written = files.map((f) => statSync(f).mtimeMs);
    for (const size of files.map((f) => statSync(f).size)) expect(size).toBeGreaterThan(100_000);
    // Every run evaluates its modules afresh: the workflows take only libs' journey rules (libs/src/workflow.ts),
    // not the whole of libs with the phone numbers' metadata.
    for (const file of files) expect(readFileSync(file, 'utf8')).not.toContain('libphonenumber');
    const off = await workflowCode([], dir);
    const on = await workflowCode([workflowTracingModule()], dir);
    expect([off.workflowBundle, on.workflowBundle]).toEqual(files.map((codePath) => ({ codePath })));
    // Read as they were: not one rewritten.
    expect(files.map((f) => statSync(f).mtimeMs)).toEqual(written);
  });

  it('without a folder, are made afresh by a child process at each start, which leaves nothing behind', async () => {
    const folders = () => readdirSync(tmpdir()).filter((f) => f.startsWith('workflow-bundle-'));
    const before = folders();
    const made = await workflowCode([]);
    expect(made.workflowBundle && 'code' in made.workflowBundle && made.workflowBundle.code).toContain(
      'sourceMappingURL=data:application/json',
    );
    expect(folders()).toEqual(before);
  });

  it('in a folder the worker cannot write, missing its bundle, serve the one made at start', async () => {
    const notAFolder = join(scratch, 'a-file');
    writeFileSync(notAFolder, '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const made = await workflowCode([], join(notAFolder, 'bundles'));
      expect(made.workflowBundle && 'code' in made.workflowBundle && made.workflowBundle.code.length).toBeGreaterThan(
        100_000,
      );
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('workflow bundle not kept'));
    } finally {
      warn.mockRestore();
    }
  });
});
