// The signing activities with the real box-node-sdk, S3 client and MongoDB driver against the stand-ins.
import { MongoClient, ObjectId } from 'mongodb';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PiiKeys } from '@portal/libs/dist/security/pii-keys';
import { startFaultProxy } from '../../../tests/support/fault-proxy';
import { pdfTextLines } from '../../../tests/support/pdf-text';
import { startSlice } from '../../../tests/support/slice';
import { documentStore } from '../documents/s3';
import { boxClient } from './box.client';
import { applicationPdfKey, createSigningActivities } from './esign.activities';
import { englishLabelsIn } from '../documents/pdf-labels';
import { recordsOf } from '../records/records';

let slice: Awaited<ReturnType<typeof startSlice>>;
let mongo: MongoClient;
let store: ReturnType<typeof documentStore>;
let activities: ReturnType<typeof createSigningActivities>;
let pii: PiiKeys;

beforeAll(async () => {
  slice = await startSlice();
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  store = documentStore(slice.settings.worker);
  pii = new PiiKeys(slice.settings.worker);
  activities = signingActivities(boxClient(slice.settings.worker));
});

/** The signing activities as the worker builds them, over `box`. */
function signingActivities(box: ReturnType<typeof boxClient>) {
  return createSigningActivities({
    db: mongo.db(),
    box: () => box,
    store,
    pii,
    publicUrl: 'https://apply.example.com',
    parentFolderId: '0',
  });
}

afterAll(async () => {
  store?.close();
  await mongo?.close();
  await slice?.close();
});

async function application(owners: Record<string, unknown>[]) {
  const applicationId = new ObjectId();
  await recordsOf(mongo.db()).businesses.insertOne({
    _id: applicationId,
    applicationId,
    businessName: 'Babbage Engines Ltd',
  });
  await recordsOf(mongo.db()).ownerSets.insertOne({ _id: applicationId, applicationId, owners });
  return applicationId.toHexString();
}

describe('signing activities: an answer lost after the request was made', () => {
  it('reset after send: a sign request whose answer was lost is found by the retry, not made twice', async () => {
    // Box behind the fault proxy: the creation reaches Box, its answer never comes back.
    const proxy = await startFaultProxy(slice.esign.url);
    try {
      const viaProxy = signingActivities(
        boxClient({ ...slice.settings.worker, BOX_API_URL: proxy.url, BOX_UPLOAD_URL: `${proxy.url}/api` }),
      );
      const id = await application([{ firstName: 'Ada', lastName: 'King', ownerEmailId: 'ada@example.com', ssn: '' }]);
      proxy.inject({ method: 'POST', path: /^\/2\.0\/sign_requests\/?$/ }, { kind: 'reset' }, 1);
      await expect(viaProxy.prepareSignRequest({ applicationId: id, attempt: 1 })).rejects.toThrow();
      expect(slice.esign.requests().filter((r) => r.external_id === `${id}:1`)).toHaveLength(1);
      // Temporal's retry: no id was stored, so the request is looked up by its external id.
      const retry = await viaProxy.prepareSignRequest({ applicationId: id, attempt: 1 });
      const made = slice.esign.requests().filter((r) => r.external_id === `${id}:1`);
      expect(made.map((r) => r.id)).toEqual([retry.id]);
    } finally {
      await proxy.close();
    }
  });

  it('a first try reads no list of sign requests; a re-run of the same try finds the request its lost answer made', async () => {
    // As the workflow runs it: a local activity, attempt 1. A worker killed mid-call runs it again from attempt 1
    // in the next workflow task, so the attempt cannot tell a re-run; the record the first try left does.
    const proxy = await startFaultProxy(slice.esign.url);
    const asLocal = new MockActivityEnvironment({ attempt: 1, isLocal: true });
    const lists = () => proxy.seen.filter((r) => r.method === 'GET' && /^\/2\.0\/sign_requests\/?(\?|$)/.test(r.path));
    try {
      const viaProxy = signingActivities(
        boxClient({ ...slice.settings.worker, BOX_API_URL: proxy.url, BOX_UPLOAD_URL: `${proxy.url}/api` }),
      );
      const id = await application([{ firstName: 'Ada', lastName: 'King', ownerEmailId: 'ada@example.com', ssn: '' }]);
      proxy.inject({ method: 'POST', path: /^\/2\.0\/sign_requests\/?$/ }, { kind: 'reset' }, 1);
      await expect(asLocal.run(() => viaProxy.prepareSignRequest({ applicationId: id, attempt: 1 }))).rejects.toThrow();
      // The first try went straight to making the request: Box's whole list was not read for it.
      expect(lists()).toHaveLength(0);
      const rerun = await asLocal.run(() => viaProxy.prepareSignRequest({ applicationId: id, attempt: 1 }));
      expect(lists().length).toBeGreaterThan(0);
      const made = slice.esign.requests().filter((r) => r.external_id === `${id}:1`);
      expect(made.map((r) => r.id)).toEqual([rerun.id]);
    } finally {
      await proxy.close();
    }
  });
});

describe('signing activities: one request per attempt', () => {
  it('creates one request per attempt: a retried call finds the request, folder and file it made', async () => {
    const id = await application([
      { firstName: 'Ada', lastName: 'King', ownerEmailId: 'ada@example.com', ssn: pii.encrypt('123-45-6789') },
      { firstName: 'Charles', lastName: 'Babbage', ownerEmailId: 'charles@example.com', ssn: '' },
      { firstName: 'Third', lastName: 'Owner', ownerEmailId: 'third@example.com', ssn: '' },
    ]);
    const first = await activities.prepareSignRequest({ applicationId: id, attempt: 1 });
    const retry = await activities.prepareSignRequest({ applicationId: id, attempt: 1 });
    expect(retry.id).toBe(first.id);
    expect(slice.esign.requests().filter((r) => r.external_id === `${id}:1`)).toHaveLength(1);
    expect(slice.esign.folders().filter((f) => f.name === `application-${id}`)).toHaveLength(1);

    // The first two owners sign, in order, with the portal's redirects; the co-owner's lands on the
    // page that says their signature is recorded (on the applicant's device it hands back to /signature).
    const req = slice.esign.requests().find((r) => r.id === first.id)!;
    expect(req.signers.map((s) => [s.email, s.order, s.redirect_url, s.declined_redirect_url])).toEqual([
      [
        'ada@example.com',
        1,
        'https://apply.example.com/signature?redirectToSecondSigner=true',
        'https://apply.example.com/signature?declined=true',
      ],
      [
        'charles@example.com',
        2,
        'https://apply.example.com/co-owner/signed?lng=en',
        'https://apply.example.com/co-owner/signed?lng=en&declined=true',
      ],
    ]);
    expect(first.signers.every((s) => s.embedUrl?.startsWith(slice.esign.url))).toBe(true);
    // An account that keeps no language: Box's pages in English.
    expect(req.signers.map((s) => s.language)).toEqual(['en', 'en']);

    // The PDF went to S3 and to Box, the same bytes, never through the workflow.
    const pdf = Buffer.from(await store.get(applicationPdfKey(id, 1)));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(slice.esign.fileBytes(req.sourceFileId)?.equals(pdf)).toBe(true);

    const read = await activities.getSignRequest({ signRequestId: first.id });
    expect(read).toMatchObject({ id: first.id, status: 'sent' });
    expect(read.signers.map((s) => s.decision)).toEqual([null, null]);
  });
});

describe('signing activities: the document and its signers', () => {
  it('renders the PDF with the fields the sign request carries: real estate, description; no lead id', async () => {
    const applicationId = new ObjectId();
    await recordsOf(mongo.db()).applications.insertOne({ _id: applicationId, sfLeadId: '00Q000000000042AAA' });
    await recordsOf(mongo.db()).businesses.insertOne({
      _id: applicationId,
      applicationId,
      businessName: 'Difference Engines Ltd',
      hasRealEstate: true,
      businessDescription:
        'We design and build mechanical calculating engines for tabulating polynomial functions, and service them on site for our customers.',
      otherBusinessLoans: 'No',
    });
    await recordsOf(mongo.db()).ownerSets.insertOne({
      _id: applicationId,
      applicationId,
      owners: [
        { firstName: 'Ada', lastName: 'King', ownerEmailId: 'ada@example.com', ssn: pii.encrypt('123-45-6789') },
      ],
    });
    const id = applicationId.toHexString();
    await activities.prepareSignRequest({ applicationId: id, attempt: 1 });
    const lines = await pdfTextLines(await store.get(applicationPdfKey(id, 1)));
    const after = (label: string) => lines[lines.indexOf(label) + 1];

    // The lead id goes with the sign request (operations find the lead from it), never onto the
    // applicant's document, which states only what they told us.
    expect(lines.join('\n')).not.toContain('00Q000000000042AAA');
    expect(lines.join('\n')).not.toContain(id);
    expect(after('Has real estate')).toBe('Yes');
    expect(after('Open business loans')).toBe('No');
    // The description wraps in its column, every word kept, in order.
    const from = lines.indexOf('Business description') + 1;
    // (The next row answered: the number of employees was never given, so it has none.)
    const description = lines.slice(from, lines.indexOf('Has real estate')).join(' ');
    expect(description).toBe(
      'We design and build mechanical calculating engines for tabulating polynomial functions, and service them on site for our customers.',
    );
    expect(lines.indexOf('Has real estate') - from).toBeGreaterThan(1);
    // The SSN only masked.
    expect(after('SSN')).toBe('***-**-6789');
    expect(lines.join('\n')).not.toContain('123-45-6789');
  });

  it('states only what was answered: no real estate never asked (null), no DBA copied from the name', async () => {
    const id = await application([{ firstName: 'Solo', lastName: 'Owner', ownerEmailId: 'solo-pdf@example.com' }]);
    // DBA left blank: the api stores the legal name in its place (the CRM's DBA field falls back to it).
    await recordsOf(mongo.db()).businesses.updateOne(
      { _id: new ObjectId(id) },
      { $set: { dbaName: 'Babbage Engines Ltd', hasRealEstate: null } },
    );
    await activities.prepareSignRequest({ applicationId: id, attempt: 1 });
    const lines = await pdfTextLines(await store.get(applicationPdfKey(id, 1)));
    expect(lines[lines.indexOf('Legal business name') + 1]).toBe('Babbage Engines Ltd');
    for (const unanswered of ['Has real estate', 'DBA', 'Business description', 'Industry'])
      expect(lines).not.toContain(unanswered);
    expect(lines).not.toContain('-');
  });

  it('starts a separate request for a new attempt', async () => {
    const id = await application([{ firstName: 'Solo', lastName: 'Owner', ownerEmailId: 'solo@example.com' }]);
    const one = await activities.prepareSignRequest({ applicationId: id, attempt: 1 });
    const two = await activities.prepareSignRequest({ applicationId: id, attempt: 2 });
    expect(two.id).not.toBe(one.id);
    expect(two.signers).toHaveLength(1);
  });

  it('refuses an application without owners with No signers found, which no retry can fix', async () => {
    const id = await application([]);
    const err = await activities.prepareSignRequest({ applicationId: id, attempt: 1 }).catch((e: Error) => e);
    expect(err).toMatchObject({ name: 'NoSignersError', message: 'No signers found' });
  });
});

describe('signing activities: in the applicant’s language', () => {
  it('a US Spanish applicant signs a Spanish PDF, on Box’s pages in Spanish, the co-owner sent back in Spanish', async () => {
    const applicationId = new ObjectId();
    const userId = new ObjectId();
    const records = recordsOf(mongo.db());
    await records.users.insertOne({ _id: userId, email: 'ana@example.com', firstName: 'Ana', language: 'es-US' });
    await records.applications.insertOne({ _id: applicationId, userId });
    await records.businesses.insertOne({
      _id: applicationId,
      applicationId,
      businessName: 'Taquería López LLC',
      businessStartDate: '2015-03-15',
      legalEntity: 'LLC',
      annualRevenue: 480000,
      acceptsCreditCards: 'Yes',
      addressData: {
        address: '100 Congress Ave',
        suiteFloor: '',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        country: 'US',
      },
    });
    await records.ownerSets.insertOne({
      _id: applicationId,
      applicationId,
      owners: [
        {
          firstName: 'Ana',
          lastName: 'López',
          ownerEmailId: 'ana@example.com',
          dateOfBirth: pii.encrypt('1980-12-01'),
        },
        { firstName: 'Luis', lastName: 'López', ownerEmailId: 'luis@example.com' },
      ],
    });
    const id = applicationId.toHexString();
    const made = await activities.prepareSignRequest({ applicationId: id, attempt: 1 });
    const req = slice.esign.requests().find((r) => r.id === made.id)!;
    expect(req.signers.map((s) => s.language)).toEqual(['s2', 's2']);
    expect(req.signers[1]!.redirect_url).toBe('https://apply.example.com/co-owner/signed?lng=es-US');

    const text = (await pdfTextLines(await store.get(applicationPdfKey(id, 1)))).join('\n');
    expect(englishLabelsIn(text.replace(/\n/g, ' '), 'es-US')).toEqual([]);
    for (const shown of [
      'Solicitud de financiamiento empresarial',
      'Fecha de inicio del negocio\n15 de marzo de 2015',
      'Tipo de entidad legal\nCompañía de responsabilidad limitada (LLC)',
      'Ingresos anuales\n$480,000.00',
      'Acepta tarjetas de crédito\nSí',
      'Fecha de nacimiento\n1 de diciembre de 1980',
      'Firma: Luis López',
    ])
      expect(text).toContain(shown);
  });
});
