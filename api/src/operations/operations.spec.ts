// Operators' side of the api: the codec server the Temporal UI calls, the operator actions and the CLI
// that drives them, all behind the operator token. Against the slice (real api, worker, Temporal).
import { Client, Connection } from '@temporalio/client';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationWorkflowId, EncryptionCodec } from '@portal/workflows';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { startSlice } from '../../../tests/support/slice';
import { until } from '../../../tests/support/until';
import { leadFields } from '../../../tests/support/crm-lead';

const ROOT = join(__dirname, '..', '..', '..');
let slice: Awaited<ReturnType<typeof startSlice>>;
let temporal: Client;
let ada: ApiClient;
let adaApp: string;
const UI = 'http://localhost:8233';

beforeAll(async () => {
  slice = await startSlice();
  temporal = new Client({
    connection: await Connection.connect({ address: slice.env.TEMPORAL_ADDRESS }),
    dataConverter: slice.dataConverter,
  });
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'ops-ada', '10.12.0.1');
  adaApp = (await ada.get('/auth/user')).body.data.applications[0]._id;
});

afterAll(async () => {
  await temporal?.connection.close();
  await slice?.close();
});

const token = () => slice.settings.api.OPERATOR_TOKEN;
const operator = (path: string, init: RequestInit = {}, bearer = token()) =>
  fetch(`${slice.baseUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}`, ...init.headers },
  });

describe('codec server for the Temporal UI: decode and encode', () => {
  it('decodes the encrypted payloads of a real history, as the UI asks for them', async () => {
    const history = await temporal.workflow.getHandle(applicationWorkflowId(adaApp)).fetchHistory();
    const input = history.events![0]!.workflowExecutionStartedEventAttributes!.input!.payloads![0]!;
    expect(Buffer.from(input.metadata!.encoding!).toString()).toBe('binary/encrypted');
    const body = {
      payloads: [
        {
          metadata: Object.fromEntries(
            Object.entries(input.metadata!).map(([k, v]) => [k, Buffer.from(v).toString('base64')]),
          ),
          data: Buffer.from(input.data!).toString('base64'),
        },
      ],
    };
    const res = await operator('/codec/decode', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { origin: UI, 'x-namespace': 'default' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(UI);
    const [decoded] = ((await res.json()) as { payloads: { metadata: Record<string, string>; data: string }[] })
      .payloads;
    expect(Buffer.from(decoded!.metadata.encoding!, 'base64').toString()).toBe('json/plain');
    const workflowInput = JSON.parse(Buffer.from(decoded!.data, 'base64').toString());
    expect(workflowInput).toMatchObject({ applicationId: adaApp, lead: { email: 'ops-ada@example.com' } });
  });

  it('encodes with the worker’s key, so what it encodes the worker reads', async () => {
    const plain = { metadata: { encoding: Buffer.from('json/plain').toString('base64') }, data: btoa('"hello"') };
    const res = await operator('/codec/encode', { method: 'POST', body: JSON.stringify({ payloads: [plain] }) });
    expect(res.status).toBe(200);
    const [sealed] = ((await res.json()) as { payloads: { metadata: Record<string, string>; data: string }[] })
      .payloads;
    const codec = await EncryptionCodec.create(slice.settings.worker.PAYLOAD_KEY_ID, {
      [slice.settings.worker.PAYLOAD_KEY_ID]: slice.settings.worker.PAYLOAD_KEY,
    });
    const [back] = await codec.decode([
      {
        metadata: Object.fromEntries(
          Object.entries(sealed!.metadata).map(([k, v]) => [k, Uint8Array.from(Buffer.from(v, 'base64'))]),
        ),
        data: Uint8Array.from(Buffer.from(sealed!.data, 'base64')),
      },
    ]);
    expect(Buffer.from(back!.data!).toString()).toBe('"hello"');
  });
});

describe('codec server for the Temporal UI: who may call, and what it refuses', () => {
  it('refuses anyone without the operator token, an applicant’s session included', async () => {
    const body = JSON.stringify({ payloads: [] });
    expect((await operator('/codec/decode', { method: 'POST', body }, 'wrong')).status).toBe(401);
    const bare = await fetch(`${slice.baseUrl}/codec/decode`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.status).toBe(401);
    expect((await ada.post('/codec/decode', { payloads: [] })).status).toBe(401);
  });

  it('answers CORS preflights for the Temporal UI’s origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${slice.baseUrl}/codec/decode`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,x-namespace',
        },
      });
    const ok = await preflight(UI);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(UI);
    expect(ok.headers.get('access-control-allow-headers')).toContain('authorization');
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a malformed body with 400, never a crash', async () => {
    const sealed = { encoding: btoa('binary/encrypted'), 'encryption-key-id': btoa('dev-1') };
    for (const body of [
      {},
      { payloads: 'x' },
      { payloads: [null] },
      { payloads: [{ data: '***' }] },
      { payloads: [{ metadata: sealed, data: 'AAAA' }] },
    ]) {
      const res = await operator('/codec/decode', { method: 'POST', body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('operator actions', () => {
  // Asynchronous: the api runs in this process, so a synchronous child would wait on a blocked api.
  const ops = (...args: string[]) =>
    new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [join(ROOT, 'stack/ops.ts'), ...args],
        { env: { ...process.env, API_URL: slice.baseUrl.replace(/\/api$/, ''), OPERATOR_TOKEN: token() } },
        (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  it('extends the deadline and retries CRM sync from the CLI, and shows the progress', async () => {
    const extend = await ops('extend-deadline', adaApp);
    expect(extend.status).toBe(0);
    expect(extend.stdout).toContain(`extend-deadline ${adaApp}: accepted`);
    expect((await ops('retry-crm-sync', adaApp)).status).toBe(0);
    // A corrected lead email for a lead Salesforce refused: checked by the portal's own email rule first.
    const refused = await ops('retry-crm-sync', adaApp, '--email', '.ada@example.com');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('Please enter a valid email address');
    expect((await ops('retry-crm-sync', adaApp, '--email', 'ada.l@example.com')).status).toBe(0);
    const progress = await ops('progress', adaApp);
    expect(progress.status).toBe(0);
    expect(JSON.parse(progress.stdout)).toMatchObject({
      position: { pageName: 'FINANCIAL' },
      operations: { turn: 'applicant' },
    });
  });

  it('refuses an unknown action, a malformed id and a missing token', async () => {
    expect((await operator(`/operations/applications/${adaApp}/explode`, { method: 'POST' })).status).toBe(400);
    expect((await operator(`/operations/applications/nope/withdraw`, { method: 'POST' })).status).toBe(400);
    expect((await operator(`/operations/applications/${adaApp}/withdraw`, { method: 'POST' }, 'x')).status).toBe(401);
    expect((await ops('explode', adaApp)).status).not.toBe(0);
  });

  it('withdraws from the CLI: the workflow completes and the applicant’s moves are refused as closed', async () => {
    const res = await ops('withdraw', adaApp);
    expect(res.status).toBe(0);
    const handle = temporal.workflow.getHandle(applicationWorkflowId(adaApp));
    await handle.result();
    const app = (await ada.get('/auth/user')).body.data.applications[0];
    expect(app.applicationStatus).toBe('Withdrawn');
    const move = await ada.post(`/stage/${adaApp}/next`, { from: { pageName: 'FINANCIAL', pageStep: 1 } });
    expect(move.status).toBe(409);
    expect(move.body.data.code).toBe('APPLICATION_CLOSED');
    const lead = await until(
      () => slice.crm.records('Lead').find((r) => r.Email === 'ops-ada@example.com'),
      (l) => l?.Status === 'Closed - Not Converted',
    );
    expect(lead).toMatchObject(leadFields({ leadStatusDetail: 'Withdrawn' }));
  });
});
