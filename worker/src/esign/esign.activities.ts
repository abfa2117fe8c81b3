import { Context, heartbeat } from '@temporalio/activity';
import type { BoxClient } from 'box-node-sdk';
import type { Db } from 'mongodb';
import { languageOf, linkInLanguage, type ByLanguage } from '@portal/libs';
import type { PiiKeys } from '@portal/libs/dist/security/pii-keys';
import type { SignRequestView, SigningActivities } from '@portal/workflows';
import type { DocumentStore } from '../documents/s3';
import { renderApplicationPdf } from '../documents/application-pdf';
import { pdfData } from './application-pdf-data';
import { applicationFolderName, folderNamed, uploadPdfOnce } from './box.client';
import { boxCall } from './box.errors';
import { throwIfSuperseded } from '../superseded';
import { recordsOf, type Records, type StoredOwner } from '../records/records';
import { applicationIds } from '../records/application-ids';

/** How long one attempt waits for Box to convert the document and send the request. */
export const SEND_WAIT_MS = 40_000;
/**
 * The waits between reads of a request Box is still converting: short first (the applicant waits on this
 * at signature start, and a one-page application converts in well under a second), then longer, 500 ms
 * from the second second on. Against the flat 250 ms before, a request ready after 300 ms is seen at
 * 400 ms instead of 500, and one that takes 3 s costs 9 reads instead of 12 (Box counts each against the
 * service account's rate limit).
 */
export const CONVERTING_POLL_MS = [100, 100, 200, 200, 400];
const pollWait = (read: number) => CONVERTING_POLL_MS[read] ?? 500;

type Owner = StoredOwner;

/** Where the rendered application lives in S3 (files never travel through workflow payloads). */
export const applicationPdfKey = (applicationId: string, attempt: number) =>
  `applications/${applicationId}/signature/application-${attempt}.pdf`;

/** Ties a Box sign request to one attempt of one application, so a retry finds what it made. */
export const signExternalId = (applicationId: string, attempt: number) => `${applicationId}:${attempt}`;

type BoxSignRequest = Awaited<ReturnType<BoxClient['signRequests']['getSignRequestById']>>;

/** Box is still at work on it: converting the document before sending. */
const isConverting = (r: BoxSignRequest) => ['converting', 'created'].includes(String(r.status ?? ''));

function toView(r: BoxSignRequest): SignRequestView {
  return {
    id: r.id ?? '',
    status: String(r.status ?? ''),
    signers: (r.signers ?? [])
      .filter((s) => s.role === 'signer')
      .map((s) => ({
        email: s.email ?? '',
        order: s.order ?? 0,
        decision: (s.signerDecision?.type as 'signed' | 'declined' | undefined) ?? null,
        embedUrl: s.embedUrl ?? null,
      }))
      .sort((a, b) => a.order - b.order),
    // The signed copy counts only once Box has finished it (signed, and ready): never while finalizing.
    ...(r.status === 'signed' && r.signFiles?.isReadyForDownload && r.signFiles.files?.[0]
      ? { signedFileId: r.signFiles.files[0].id }
      : {}),
  };
}

export function createSigningActivities(deps: {
  db: Db;
  box: () => BoxClient;
  store: DocumentStore;
  pii: PiiKeys;
  publicUrl: string;
  parentFolderId: string;
}): SigningActivities {
  const records = recordsOf(deps.db);
  const ids = records.signRequests;
  const kept = applicationIds(deps.db);

  /** The attempt's sign request, once Box has sent it: the one an earlier try made, or a new one. */
  async function prepare(applicationId: string, attempt: number): Promise<SignRequestView> {
    const box = deps.box();
    const externalId = signExternalId(applicationId, attempt);
    // Three independent look-ups at once: the applicant waits on this activity (signature start).
    const [{ data, owners }, folderId, known] = await Promise.all([
      pdfData(records, deps.pii, applicationId, attempt),
      folderNamed(box, applicationFolderName(applicationId), deps.parentFolderId),
      // A retry after the request was created must not make another: it finds the request by the id
      // stored when Box answered. (Box has no idempotency key, and its lists are paginated and eventually
      // consistent, so scanning them can miss the request.) The same round trip marks that a try got
      // this far (the record without an id): only then can a request exist that Box's answer never reached.
      markTry(ids, externalId),
    ]);
    if (known?.signRequestId) {
      const id = known.signRequestId;
      return whenSent(box, await boxCall('Sign request read refused', () => box.signRequests.getSignRequestById(id)));
    }

    // No id stored, yet an earlier try of this activity may have made the request and lost Box's answer
    // (a timeout or a reset after the request was sent, or a worker killed before the id was stored):
    // a retry looks for it by its external id in Box's list before making one. The stored id above
    // stays the first look-up, since the list can lag; without this one, the 'timeout after send' fault
    // made a second sign request (resilience suite). Only a try after one that got this far
    // reads the list (as a local activity every try counted as a retry, so each signature start read
    // the enterprise's whole list of sign requests, a page of 1,000 per call, growing with every one).
    if (known || activityAttempt() > 1) {
      const found = await findByExternalId(box, externalId);
      if (found?.id) {
        await ids.updateOne({ _id: externalId }, { $set: { signRequestId: found.id } }, { upsert: true });
        return whenSent(box, found);
      }
    }

    const pdf = await renderApplicationPdf(data);
    // Our copy and Box's at once; each is safe to repeat on a retry (same key, uploadPdfOnce).
    const [, fileId] = await Promise.all([
      deps.store.put(applicationPdfKey(applicationId, attempt), pdf, 'application/pdf'),
      uploadPdfOnce(box, folderId, `Application ${attempt}.pdf`, pdf),
    ]);
    throwIfSuperseded();
    const created = await boxCall('Sign request refused', () =>
      box.signRequests.createSignRequest({
        sourceFiles: [{ id: fileId, type: 'file' }],
        parentFolder: { id: folderId, type: 'folder' },
        isDocumentPreparationNeeded: false,
        externalId,
        name: `Application - ${data.company}.pdf`,
        signers: boxSigners(owners, applicationId, deps.publicUrl, data.language),
      }),
    );
    await ids.updateOne({ _id: externalId }, { $set: { signRequestId: created.id! } }, { upsert: true });
    return whenSent(box, created);
  }

  return {
    async prepareSignRequest({ applicationId, attempt }) {
      const request = await prepare(applicationId, attempt);
      // Kept where the webhook and the api look it up; a failed write fails this try (RecordWriteError),
      // and the retry finds the request by the id stored above.
      await kept.signature({ applicationId, signatureId: request.id, signers: request.signers.length });
      return request;
    },

    async getSignRequest({ signRequestId }) {
      const box = deps.box();
      return toView(
        await boxCall('Sign request read refused', () => box.signRequests.getSignRequestById(signRequestId)),
      );
    },
  };
}

/**
 * The request once Box has sent it: the signers' links exist only then, so the applicant is never
 * redirected to a request still converting. An error_* state comes back as it is (the workflow starts
 * a new attempt); still converting after SEND_WAIT_MS fails this attempt, and the retry waits on.
 */
async function whenSent(box: BoxClient, request: BoxSignRequest): Promise<SignRequestView> {
  const until = Date.now() + SEND_WAIT_MS;
  let r = request;
  for (let read = 0; isConverting(r); read++) {
    if (Date.now() > until) throw new Error(`Box sign request ${r.id} still ${r.status}`);
    heartbeatIfActivity();
    await new Promise((done) => setTimeout(done, pollWait(read)));
    r = await boxCall('Sign request read refused', () => box.signRequests.getSignRequestById(r.id!));
  }
  return toView(r);
}

/**
 * Box Sign's page and emails in the applicant's language, by Box's own codes
 * (https://developer.box.com/guides/api-calls/language-codes): French (Canada) `f2`, Spanish (Latin America)
 * `s2`, the nearest Box has to US Spanish. A language added to the portal without its code does not compile.
 */
export const BOX_LANGUAGES: ByLanguage<string> = { en: 'en', 'fr-CA': 'f2', 'es-US': 's2' };

/**
 * The signers in order, each with where Box sends them after signing or declining: the applicant's own
 * device goes back to /signature (on to the second signer, or finished); a co-owner to their own page.
 */
function boxSigners(owners: Owner[], applicationId: string, publicUrl: string, language?: string) {
  const signature = `${publicUrl}/signature`;
  return owners.map((o, i) => {
    const last = i === owners.length - 1;
    // A co-owner may sign on their own device, through the signed link in their email: Box sends them
    // to the page that says their signature is recorded, in the email's language.
    // On the applicant's device, that page hands back to /signature?isFinished=true.
    const coOwner = linkInLanguage(`${publicUrl}/co-owner/signed`, languageOf(language));
    return {
      email: o.ownerEmailId!,
      role: 'signer' as const,
      language: BOX_LANGUAGES[languageOf(language)],
      order: i + 1,
      embedUrlExternalUserId: `${applicationId}-owner-${i + 1}`,
      suppressNotifications: true,
      redirectUrl: i > 0 ? coOwner : last ? `${signature}?isFinished=true` : `${signature}?redirectToSecondSigner=true`,
      declinedRedirectUrl: i > 0 ? `${coOwner}&declined=true` : `${signature}?declined=true`,
    };
  });
}

/**
 * The sign request's record as an earlier try left it (undefined for the first try), marking this try's
 * start in the same round trip: a record without `signRequestId` says a try got as far as making the request.
 */
async function markTry(ids: Records['signRequests'], externalId: string) {
  try {
    const before = await ids.findOneAndUpdate(
      { _id: externalId },
      { $setOnInsert: { triedAt: new Date() } },
      { upsert: true, returnDocument: 'before' },
    );
    return before ?? undefined;
  } catch (e) {
    // Two tries at once (FerretDB may answer one upsert E11000): the other one is an earlier try.
    if ((e as { code?: number }).code === 11000) return (await ids.findOne({ _id: externalId })) ?? { _id: externalId };
    throw e;
  }
}

/** How many pages of Box's sign request list a retry reads at most (1,000 requests a page). */
const MAX_LIST_PAGES = 20;

/** The sign request with this external id in Box's (marker-paginated) list, if Box lists it. */
async function findByExternalId(box: BoxClient, externalId: string): Promise<BoxSignRequest | undefined> {
  let marker: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    heartbeatIfActivity();
    const list = await boxCall('Sign request list refused', () =>
      box.signRequests.getSignRequests({ limit: 1000, ...(marker ? { marker } : {}) }),
    );
    const hit = list.entries?.find((r) => r.externalId === externalId);
    if (hit) return hit;
    marker = list.nextMarker ?? undefined;
    if (!marker) return undefined;
  }
  return undefined;
}

/**
 * This activity's attempt; outside an activity (tests call the functions directly) 2, so the look-up always
 * runs. A local activity (it spares the signature start a round trip) whose worker was killed mid-call
 * runs again from attempt 1 in the next workflow task, after a request may already have been made (resilience suite):
 * the record markTry left tells that try to look.
 */
function activityAttempt(): number {
  try {
    return Context.current().info.attempt;
  } catch {
    return 2;
  }
}

/**
 * Heartbeats when running as an activity (tests call the functions directly); a local activity has no
 * heartbeat (the server knows nothing of it: the SDK only logs UnknownActivity), its workflow task is its lease.
 */
function heartbeatIfActivity() {
  try {
    if (!Context.current().info.isLocal) heartbeat();
  } catch {
    /* not inside an activity */
  }
}
