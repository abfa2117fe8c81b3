// The journey up to the statements step, through the api as the browser walks it, for the files specs.
import { expect } from 'vitest';
import type { ApiClient } from '../../../tests/support/api-client';
import { ownerAnswers, saveAnswers, stepOn } from '../../../tests/support/journey';
import { until } from '../../../tests/support/until';

/** Answers, a completed signature and the stage at /bank-statements, through the api as the browser does. */
export async function signedApplication(client: ApiClient): Promise<string> {
  const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
  const email = (await client.get('/auth/user')).body.data.email as string;
  await saveAnswers(client, applicationId, [ownerAnswers(email)]);
  for (let i = 0; i < 4; i++) expect((await stepOn(client, applicationId)).status).toBe(200);
  const { id, signers } = (await client.post('/box/sign', { applicationId })).body.data;
  await fetch(signers[0].embedUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision: 'signed' }),
    redirect: 'manual',
  });
  await until(
    async () => (await client.get(`/box/${id}`)).body.data.signed,
    (v) => v === true,
  );
  expect((await stepOn(client, applicationId)).body.path).toBe('/bank-statements');
  return applicationId;
}
