// The owners page's Continue starts the signing in the move's workflow task: the signature page's first
// POST /box/sign is answered from it, without a startSigning update. A reload, a change of the signed
// answers since the move, or a move that Box's outage left without a signing ask the workflow as before.
import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationWorkflowId } from '@portal/workflows';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { workflowClient } from '../../../tests/support/histories';
import { FINANCIAL_ANSWERS, saveAnswers, stepOn } from '../../../tests/support/journey';
import { startSlice } from '../../../tests/support/slice';

let slice: Awaited<ReturnType<typeof startSlice>>;
let temporal: Client;

beforeAll(async () => {
  slice = await startSlice();
  temporal = await workflowClient(slice.env.TEMPORAL_ADDRESS);
});

afterAll(async () => {
  await temporal?.connection.close();
  await slice?.close();
});

const requestsOf = (app: string) => slice.esign.requests().filter((r) => r.external_id?.startsWith(app));

/** How many startSigning updates the application's workflow took. */
async function startSignings(app: string): Promise<number> {
  const { events } = await temporal.workflow.getHandle(applicationWorkflowId(app)).fetchHistory();
  return (events ?? []).filter(
    (e) => e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name === 'startSigning',
  ).length;
}

/** An applicant with every answer saved, on the owners page. */
async function onOwners(name: string, ip: string): Promise<{ c: ApiClient; app: string }> {
  const c = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, name, ip);
  const app = (await c.get('/auth/user')).body.data.applications[0]._id as string;
  await saveAnswers(c, app);
  for (let i = 0; i < 3; i++) expect((await stepOn(c, app)).status).toBe(200);
  return { c, app };
}

const sign = async (c: ApiClient, app: string) => {
  const res = await c.post('/box/sign', { applicationId: app });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; status: string; signed: boolean; signers: { embedUrl: string }[] };
};

describe('the signing started with the move onto the signature', () => {
  it("answers the signature page's first call, to its owner only; a reload asks the workflow", async () => {
    const { c, app } = await onOwners('ahead-solo', '10.6.2.1');
    expect(requestsOf(app)).toHaveLength(0);
    const moved = await stepOn(c, app);
    expect(moved.body).toEqual(expect.objectContaining({ pageName: 'SIGNATURE', path: '/signature' }));
    expect(moved.body).not.toHaveProperty('signing');
    // The move made the request (from the answers saved before it).
    expect(requestsOf(app)).toHaveLength(1);
    const stranger = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'ahead-stranger', '10.6.2.9');
    expect((await stranger.post('/box/sign', { applicationId: app })).status).toBe(404);

    const first = await sign(c, app);
    expect(first).toMatchObject({ id: requestsOf(app)[0]!.id, status: 'sent', signed: false });
    expect(first.signers[0]!.embedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sign\//);
    expect(await startSignings(app)).toBe(0);

    const reload = await sign(c, app);
    expect(reload.id).toBe(first.id);
    expect(await startSignings(app)).toBe(1);
  });

  it('is not answered once the signed answers changed after the move: the workflow voided it', async () => {
    const { c, app } = await onOwners('ahead-revised', '10.6.2.2');
    await stepOn(c, app);
    const [kept] = requestsOf(app);
    const businessId = (await c.get(`/business/application/${app}`)).body._id as string;
    expect((await c.patch(`/business/${businessId}`, { ...FINANCIAL_ANSWERS, annualRevenue: '$900,000' })).status).toBe(
      200,
    );
    expect(requestsOf(app).find((r) => r.id === kept!.id)?.status).toBe('cancelled');
    const signing = await sign(c, app);
    expect(signing.id).not.toBe(kept!.id);
    expect(signing.status).toBe('sent');
    expect(await startSignings(app)).toBe(1);
  });

  it('lets the move land while Box is down; the signature page starts the signing as before', async () => {
    const { c, app } = await onOwners('ahead-outage', '10.6.2.3');
    slice.esign.setDown(true);
    try {
      const moved = await stepOn(c, app);
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ pageName: 'SIGNATURE', path: '/signature' });
    } finally {
      slice.esign.setDown(false);
    }
    const signing = await sign(c, app);
    expect(signing.status).toBe('sent');
    expect(requestsOf(app).map((r) => r.id)).toEqual([signing.id]);
    expect(await startSignings(app)).toBe(1);
  });
});
