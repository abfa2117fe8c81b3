// The journey up to the statements step, through the api as the browser walks it, for the files specs.
import type { DataConverter } from '@temporalio/common';
import { MongoClient, ObjectId } from 'mongodb';
import { OFFER_PRICING_FRESH_MS } from '@portal/libs';
import { applicationWorkflowId } from '@portal/workflows';
import { workflowClient } from '../../../tests/support/histories';
import type { ApiClient } from '../../../tests/support/api-client';
import { throughSigning } from '../../../tests/support/through-signing';

/** Answers, a completed signature and the stage at /bank-statements, through the api as the browser does. */
export const signedApplication = (client: ApiClient): Promise<string> => throughSigning(client);

/** The offers' last pricing made older than its freshness: the next POST /offer asks the workflow. */
export async function stalePricing(mongoUri: string, applicationId: string): Promise<void> {
  const mongo = await MongoClient.connect(mongoUri);
  try {
    const pricedAt = new Date(Date.now() - OFFER_PRICING_FRESH_MS - 60_000);
    await mongo
      .db()
      .collection('offers')
      .updateOne({ _id: new ObjectId(applicationId) }, { $set: { pricedAt } });
  } finally {
    await mongo.close();
  }
}

/** How many documentUploaded signals the application's workflow has heard. */
export async function documentSignals(temporalAddress: string, dataConverter: DataConverter, applicationId: string) {
  const temporal = await workflowClient(temporalAddress, dataConverter);
  try {
    const history = await temporal.workflow.getHandle(applicationWorkflowId(applicationId)).fetchHistory();
    return (history.events ?? []).filter(
      (e) => e.workflowExecutionSignaledEventAttributes?.signalName === 'documentUploaded',
    ).length;
  } finally {
    await temporal.connection.close();
  }
}
