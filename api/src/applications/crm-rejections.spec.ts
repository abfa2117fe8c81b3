// A CRM that refuses part of what the portal writes freezes nothing. Through the api, the real
// workflow and worker, and the CRM stand-in set up as an org with state and country picklists (which
// refuses the codes TX / US in State and Country): every other field still reaches the lead, later
// changes still flow, the journey still moves, and operations see the refusal in the workflow's history
// with its code.
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationWorkflowId } from '@portal/workflows';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { DETAILS_ANSWERS, FINANCIAL_ANSWERS, QUESTION_ANSWERS } from '../../../tests/support/journey';
import { startSlice } from '../../../tests/support/slice';
import { until } from '../../../tests/support/until';
import { ofApplication } from '../../../tests/support/crm-lead';

let slice: Awaited<ReturnType<typeof startSlice>>;
let temporal: Client;
let ada: ApiClient;
let applicationId: string;
let businessId: string;

beforeAll(async () => {
  slice = await startSlice();
  temporal = new Client({
    connection: await Connection.connect({ address: slice.env.TEMPORAL_ADDRESS }),
    dataConverter: slice.dataConverter,
  });
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'crm-refused', '10.13.0.1');
  applicationId = (await ada.get('/auth/user')).body.data.applications[0]._id as string;
  businessId = (await ada.get(`/business/application/${applicationId}`)).body._id as string;
  slice.crm.configure({ stateCountryPicklists: true });
});

afterAll(async () => {
  await temporal?.connection.close();
  await slice?.close();
});

const lead = () => ofApplication(slice.crm.records('Lead'), applicationId);

describe('a lead update the CRM partly refuses', () => {
  it('writes every other field, holds back State and Country, and the later changes still arrive', async () => {
    for (const body of [QUESTION_ANSWERS, DETAILS_ANSWERS])
      expect((await ada.patch(`/business/${businessId}`, body)).status).toBe(200);
    // A refused batch is written field by field: wait for the last of the fields this test reads.
    await until(lead, (l) => l?.City === 'Austin' && typeof l.Industry === 'string' && l.PostalCode === '78701');
    expect(lead()).toMatchObject({
      Company: 'Analytical Engines LLC',
      PostalCode: '78701',
      Industry: expect.any(String),
    });
    expect(lead()?.State).toBeUndefined();

    // Not frozen: a change saved after the refusal reaches the lead.
    expect((await ada.patch(`/business/${businessId}`, FINANCIAL_ANSWERS)).status).toBe(200);
    await until(lead, (l) => l?.AnnualRevenue === 1_200_000);
  });

  it('shows operations the refusal with its code, and the application lives on', async () => {
    const handle = temporal.workflow.getHandle(applicationWorkflowId(applicationId));
    const failuresInHistory = async () =>
      ((await handle.fetchHistory()).events ?? [])
        // An activity task's failure, or (the lead's calls are local activities) its marker's.
        .map((e) => e.activityTaskFailedEventAttributes?.failure ?? e.markerRecordedEventAttributes?.failure)
        .filter((f): f is NonNullable<typeof f> => !!f);
    const failures = await until(failuresInHistory, (f) => f.length > 0);
    expect(failures.map((f) => f.message)).toContain(
      'Lead update held back Country, State: FIELD_INTEGRITY_EXCEPTION (Country); FIELD_INTEGRITY_EXCEPTION (State)',
    );
    expect(failures[0]?.applicationFailureInfo).toMatchObject({ type: 'CrmRejectedError', nonRetryable: true });
    expect((await handle.describe()).status.name).toBe('RUNNING');
    const stage = await ada.get(`/stage/${applicationId}`);
    expect(stage.status).toBe(200);
  });
});
