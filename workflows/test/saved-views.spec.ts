// The saved views `npm run ops -- views` prints (stack/views.ts, also printed by npm start)
// are Temporal UI links whose decoded query the Temporal server accepts: each runs as a list count on the
// integration server with the workflow's search attributes, so a typo in a view fails here.
import { Client, Connection } from '@temporalio/client';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
let client: Client;

beforeAll(async () => {
  client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
});
afterAll(async () => {
  await client?.connection.close();
});

it('every view the ops CLI prints is a UI link whose query the server accepts', async () => {
  const run = spawnSync(process.execPath, [join(ROOT, 'stack/ops.ts'), 'views'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, TEMPORAL_UI_ORIGIN: 'http://localhost:8233', TEMPORAL_NAMESPACE: 'default' },
  });
  expect(run.status, run.stderr).toBe(0);
  const links = run.stdout.split('\n').filter((l) => l.trim().startsWith('http'));
  expect(links.length).toBeGreaterThanOrEqual(8);
  for (const link of links) {
    const url = new URL(link.trim());
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:8233/namespaces/default/workflows');
    const query = url.searchParams.get('query')!;
    expect(query).toContain("WorkflowType = 'applicationWorkflow'");
    await expect(client.workflow.count(query), query).resolves.toMatchObject({ count: expect.any(Number) });
  }
  // The check has teeth: a query naming an attribute the namespace lacks is refused.
  await expect(client.workflow.count(`LastEror STARTS_WITH 'CRM_REJECTED'`)).rejects.toThrow();
});
