// Done when "the worker and api run against a TLS Temporal dev server with a client
// certificate". The Temporal CLI's dev server (temporal server start-dev, CLI 1.9.1) has no TLS flags, so
// the suite's dev server is put behind a TLS front (tests/support/secure-servers.ts) that, as an mTLS
// cluster does, shows a certificate of a private CA and wants a client certificate that CA signed. The
// api's client and the worker's NativeConnection reach it through TEMPORAL_TLS_* settings alone.
import { readFileSync } from 'node:fs';
import { Client, Connection, type TLSConfig } from '@temporalio/client';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { temporalConnectionOptions } from '@portal/libs';
import { applicationWorkflowId, getProgress } from '@portal/workflows';
import { signUpAndConfirm } from '../../../tests/support/api-client';
import { makeCertificates, startMtlsFront, type Certificates } from '../../../tests/support/secure-servers';
import { startSlice } from '../../../tests/support/slice';
import { eventually } from '../../../tests/support/until';

let certs: Certificates;
let front: Awaited<ReturnType<typeof startMtlsFront>>;
let slice: Awaited<ReturnType<typeof startSlice>>;
let mongo: MongoClient;

beforeAll(async () => {
  certs = makeCertificates();
  front = await startMtlsFront(certs, inject('temporalAddress'));
  slice = await startSlice({
    temporalAddress: front.address,
    env: {
      TEMPORAL_TLS: 'on',
      TEMPORAL_TLS_CA_FILE: certs.caFile,
      TEMPORAL_TLS_CERT_FILE: certs.clientCertFile,
      TEMPORAL_TLS_KEY_FILE: certs.clientKeyFile,
      TEMPORAL_TLS_SERVER_NAME: 'localhost',
    },
  });
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
});

afterAll(async () => {
  await mongo?.close();
  await slice?.close();
  await front?.close();
  certs?.remove();
});

it('a sign-up runs through the api and the worker over mTLS: the workflow starts, its activities run, it answers', async () => {
  const tag = `mtls-${Date.now()}`;
  const email = `${tag}@example.com`;
  // The workflow starts at the confirmation (the emailed code), as it does for every applicant.
  await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, tag, '10.0.4.1');
  const db = mongo.db();
  const user = await db.collection('users').findOne({ userName: email });
  const application = await db.collection('applications').findOne({ userId: user!._id });
  // The lead id comes back from the worker's activity, through the workflow the api started.
  const leadId = await eventually(
    async () =>
      (await db.collection('applications').findOne({ _id: application!._id }))?.sfLeadId as string | undefined,
  );
  // The api's own connection options: its query is answered by the worker, both over the front.
  const client = new Client({
    connection: await Connection.connect(temporalConnectionOptions(slice.settings.api, (p) => readFileSync(p))),
    dataConverter: slice.dataConverter,
  });
  try {
    const progress = await client.workflow
      .getHandle(applicationWorkflowId(application!._id.toHexString()))
      .query(getProgress);
    expect(progress.sfLeadId).toBe(leadId);
  } finally {
    await client.connection.close();
  }
  // The worker's, the api's (its only address is the front: the workflow it started ran) and this test's.
  expect(front.handshakes.length).toBeGreaterThanOrEqual(3);
  expect(front.handshakes.every((h) => h.authorized && h.client === 'portal-worker')).toBe(true);
});

it('the front is the mTLS cluster it stands for: no client certificate, or one from another CA, is refused', async () => {
  const ca = readFileSync(certs.caFile);
  const attempt = (tls: TLSConfig | false) =>
    Connection.connect({ address: front.address, tls, connectTimeout: 2_000 }).then(
      async (c) => {
        await c.close();
        return 'connected';
      },
      () => 'refused',
    );
  expect(await attempt({ serverNameOverride: 'localhost', serverRootCACertificate: ca })).toBe('refused');
  expect(
    await attempt({
      serverNameOverride: 'localhost',
      serverRootCACertificate: ca,
      clientCertPair: { crt: readFileSync(certs.strangerCertFile), key: readFileSync(certs.strangerKeyFile) },
    }),
  ).toBe('refused');
  expect(await attempt(false)).toBe('refused');
  expect(front.refused.length).toBeGreaterThanOrEqual(2);
});
