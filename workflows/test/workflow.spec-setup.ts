// The set-up the application workflow's spec files share: a slice (real Temporal dev server, worker and
// activities, CRM through jsforce to the stand-in), a Temporal client, and the e-sign stand-in's token.
import { Client, Connection } from '@temporalio/client';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, expect } from 'vitest';
import { ANSWER_SECTIONS, type StageMove } from '@portal/libs';
import { APPLICATION_WORKFLOW_TYPE, applicationWorkflowId, type ApplicationWorkflowInput } from '../src';
import { startSlice } from '../../tests/support/slice';
import { SA } from '../src/application/search-attribute-keys';

export { HISTORIES, recordHistory } from './record-history';
/** The workflow's own typed search-attribute keys (one list: search-attribute-table.ts). */
export const SA_KEYS = SA;

/** The signer's page on the e-sign stand-in, as a browser would use it. */
export async function sign(embedUrl: string, decision: 'signed' | 'declined') {
  const res = await fetch(embedUrl, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
  expect(res.status).toBe(303);
}

/** A move with every step's answers saved, as the api reports them once the applicant has saved them. */
export const answered = (move: StageMove): StageMove => ({ ...move, answered: ANSWER_SECTIONS });
export const NEXT = answered({ to: 'next' });

/** Starts the slice and the client before a file's tests and closes them after. */
export function workflowSlice() {
  let slice: Awaited<ReturnType<typeof startSlice>> | undefined;
  let client: Client | undefined;
  /** The e-sign stand-in's API needs a bearer token; it takes any client-credentials token it issued. */
  let boxToken = '';

  beforeAll(async () => {
    slice = await startSlice();
    client = new Client({
      connection: await Connection.connect({ address: slice.env.TEMPORAL_ADDRESS }),
      dataConverter: slice.dataConverter,
    });
    const token = await fetch(`${slice.esign.url}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'it-box',
        client_secret: 'it-box-secret',
      }),
    });
    boxToken = ((await token.json()) as { access_token: string }).access_token;
  });

  afterAll(async () => {
    await client?.connection.close();
    await slice?.close();
  });

  const room = {
    get slice() {
      return slice!;
    },
    get client() {
      return client!;
    },
    boxAuth: () => ({ authorization: `Bearer ${boxToken}` }),

    async startApplication(
      applicationId: string,
      signPollSeconds?: number,
      extra: Partial<ApplicationWorkflowInput> = {},
      taskQueue = slice!.env.TEMPORAL_TASK_QUEUE,
    ) {
      return client!.workflow.start(APPLICATION_WORKFLOW_TYPE, {
        workflowId: applicationWorkflowId(applicationId),
        taskQueue,
        args: [
          {
            applicationId,
            lead: {
              applicationId,
              firstName: 'Mary',
              lastName: 'Jackson',
              email: `${applicationId}@example.com`,
              phone: '+15550001111',
              company: 'Wind Tunnel Co',
            },
            ...(signPollSeconds ? { signPollSeconds } : {}),
            ...extra,
          },
        ],
      });
    },

    /** The records the signing activities read: an owner set (and the application, for webhooks to find). */
    async withOwner(applicationId: string, withApplication: boolean) {
      const mongo = await MongoClient.connect(slice!.env.MONGODB_URI);
      const _id = new ObjectId(applicationId);
      await mongo.db().collection('businesses').insertOne({ _id, applicationId: _id, businessName: 'Wind Tunnel Co' });
      await mongo
        .db()
        .collection('ownersets')
        .insertOne({
          _id,
          applicationId: _id,
          owners: [{ firstName: 'Mary', lastName: 'Jackson', ownerEmailId: `${applicationId}@example.com`, ssn: '' }],
        });
      if (withApplication) await mongo.db().collection('applications').insertOne({ _id, userId: new ObjectId() });
      await mongo.close();
    },
  };
  return room;
}
