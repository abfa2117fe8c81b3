// The journey up to the signer's decision, through the api as the browser walks it, for the api's specs (Vitest
// only: the e2e specs walk it in the browser).
import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import { ownerAnswers, saveAnswers, stepOn } from './journey';
import { until } from './until';

/**
 * Answers (the owner's overrides given), the four stage moves to the signature, and the signer's decision at the
 * e-signature stand-in, waited for as the api reports it. Signed, the workflow moves the stage on to
 * /bank-statements by itself.
 */
export async function throughSigning(
  client: ApiClient,
  opts: { owner?: Record<string, unknown>; decision?: 'signed' | 'declined' } = {},
): Promise<string> {
  const decision = opts.decision ?? 'signed';
  const user = (await client.get('/auth/user')).body.data;
  const applicationId = user.applications[0]._id as string;
  await saveAnswers(client, applicationId, [ownerAnswers(user.email as string, opts.owner)]);
  for (let i = 0; i < 4; i++) expect((await stepOn(client, applicationId)).status).toBe(200);
  const { id, signers } = (await client.post('/box/sign', { applicationId })).body.data;
  await fetch(signers[0].embedUrl, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
  await until(
    async () => (await client.get(`/box/${id}`)).body.data as { signed: boolean; status: string },
    (s) => (decision === 'signed' ? s.signed : s.status === decision),
    { what: `the signature ${decision}` },
  );
  // Signed, the workflow moved the journey on by itself, and the status read had the saved stage follow.
  if (decision === 'signed') expect((await client.get(`/stage/${applicationId}`)).body.path).toBe('/bank-statements');
  return applicationId;
}
