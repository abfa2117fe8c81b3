// The bank statements submitted while the CRM is down for longer than the submission waits: the workflow
// moves the journey on to /offers with the conversion owed, and the api says the statements are submitted
// (the answer and the session alike) before any opportunity exists. The web's journey machine reads that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationWorkflowId, retryCrmSync } from '@portal/workflows';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { ofApplication } from '../../../tests/support/crm-lead';
import { workflowClient } from '../../../tests/support/histories';
import { onePagePdf } from '../../../tests/support/pdf-fixtures';
import { startSlice } from '../../../tests/support/slice';
import { until } from '../../../tests/support/until';
import { signedApplication } from './files.spec-setup';

let slice: Awaited<ReturnType<typeof startSlice>>;
let ada: ApiClient;
let appId: string;

/** The session's application (GET /auth/user), as the web hydrates its journey machine with it. */
const sessionApplication = async () => (await ada.get('/auth/user')).body.data.applications[0];

beforeAll(async () => {
  slice = await startSlice();
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'outage-ada', '10.7.1.1');
  appId = await signedApplication(ada);
  const bytes = await onePagePdf();
  const upload = await ada.upload(
    '/file/s3',
    { applicationId: appId, fileType: 'Bank Statement', monthLabel: 'October 2026' },
    { name: 'statement.pdf', type: 'application/pdf', bytes },
  );
  expect(upload.status).toBe(201);
  // The lead is made before the outage: only its conversion meets the CRM down.
  await until(
    () => ofApplication(slice.crm.records('Lead'), appId),
    (lead) => !!lead,
  );
});

afterAll(async () => {
  await fetch(`${slice.crm.url}/__admin/up`, { method: 'POST' }).catch(() => undefined);
  await slice?.close();
});

describe('bank statements submitted during a CRM outage', () => {
  it('answers them submitted without an opportunity, the session too, and the conversion follows the CRM back', async () => {
    expect(await sessionApplication()).toMatchObject({ statementsSubmitted: false });
    await fetch(`${slice.crm.url}/__admin/down`, { method: 'POST' });
    const res = await ada.post(`/application/${appId}/submit-statements`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      statementsSubmitted: true,
      stage: { pageName: 'DOCUMENTS', pageStep: 2, path: '/offers' },
    });
    expect(res.body.data.sfOpportunityId).toBeUndefined();
    const during = await sessionApplication();
    expect(during).toMatchObject({ statementsSubmitted: true, stage: { path: '/offers' } });
    expect(during.sfOpportunityId).toBeUndefined();
    // The offers are priced while the CRM is still down: they need the statements, not the opportunity.
    const offer = await ada.post('/offer', { applicationId: appId });
    expect(offer.status).toBe(200);
    expect(offer.body.data.offerOptions.length).toBeGreaterThan(0);

    // The CRM back, the owed conversion is tried now rather than after the back-off (an operator's retry).
    await fetch(`${slice.crm.url}/__admin/up`, { method: 'POST' });
    const temporal = await workflowClient(slice.env.TEMPORAL_ADDRESS, slice.dataConverter);
    await temporal.workflow.getHandle(applicationWorkflowId(appId)).signal(retryCrmSync);
    await temporal.connection.close();
    const after = await until(sessionApplication, (a) => !!a.sfOpportunityId, { ms: 40_000, what: 'the conversion' });
    expect(after).toMatchObject({ statementsSubmitted: true, stage: { path: '/offers' } });
    expect(ofApplication(slice.crm.records('Opportunity'), appId)?.Id).toBe(after.sfOpportunityId);
  }, 150_000);
});
