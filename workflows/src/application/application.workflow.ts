import { ActivityFailure, ApplicationFailure } from '@temporalio/common';
import {
  allHandlersFinished,
  condition,
  continueAsNew,
  log,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  sleep,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { INITIAL_POSITION, isStaleMove, judgeMove, resolveMove } from '@portal/libs';
import {
  LEAD_CLOSED_FIELDS,
  NON_RETRYABLE_ERRORS,
  type ApplicationActivities,
  type CrmLeadFields,
  type StoredDocument,
} from './activities';
import {
  getProgress,
  calculateOffers,
  documentUploaded,
  emailOffer,
  extendDeadline,
  submitApplication,
  isSignedRequest,
  moveStage,
  resendSignRequest,
  retryCrmSync,
  submitStatements,
  SIGN_ENDED_STATUSES,
  signRequestEvent,
  startSigning,
  updateLead,
  withdrawApplication,
  type ApplicationProgress,
  type ApplicationWorkflowInput,
  type CarriedState,
  type OperationsView,
  type SigningState,
} from './messages';
import { journeyFailure } from './failures';
import {
  DEFAULT_TIMING,
  applicationStatus,
  countryOf,
  nextStallStep,
  turnOf,
  type ApplicationEnd,
  type LastErrorCode,
  type OperationsState,
  type StatusFacts,
} from './lifecycle';
import { SA, searchAttributePublisher } from './search-attributes';

/**
 * Issue 12's life cycle (completion, continue-as-new, stall clock, operator signals, bounded CRM retries
 * with their errors visible). Runs started before it replay without the marker and keep their old
 * course until their next event, when they carry their state into a run that has it.
 */
export const LIFECYCLE_PATCH = 'issue-12-lifecycle';

/**
 * Issue 14: fewer round trips through Temporal for the same journey. The short record writes run as local
 * activities (in the worker, inside the workflow task: no activity task, no extra workflow task); the
 * submission asks the CRM for the rep and sends the offer email at once; StalledSince moves by whole
 * minutes, so progress within a minute upserts nothing. Runs started before it replay as they ran.
 */
export const FEWER_ROUND_TRIPS_PATCH = 'issue-14-fewer-round-trips';

const { checkCrmAffiliate, createCrmLead, saveCrmLeadIds, updateCrmLead, saveSignatureId, uploadContentVersion } =
  proxyActivities<ApplicationActivities>({
    startToCloseTimeout: '30 seconds',
    // The CRM may be down for a while; the applicant never waits on it, so keep trying with back-off.
    retry: {
      initialInterval: '1 second',
      backoffCoefficient: 2,
      maximumInterval: '5 minutes',
      nonRetryableErrorTypes: [...NON_RETRYABLE_ERRORS],
    },
  });

// The life cycle's CRM calls: a few tries inside the activity, then the workflow notes the failure for
// operators (LastError, CrmSyncPending) and waits out its own back-off, which 'retry CRM sync' cuts short.
const crm = proxyActivities<ApplicationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '10 seconds',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [...NON_RETRYABLE_ERRORS],
  },
});
/** The workflow's own back-off between rounds of CRM tries: 30 s, doubling, at most 30 minutes. */
const CRM_BACKOFF_MS = { first: 30_000, max: 30 * 60_000 };

// The applicant waits on these: a few quick tries, then the page says so and offers to try again.
const {
  prepareSignRequest,
  getSignRequest,
  convertCrmLead,
  saveOpportunityId,
  submitSignedApplication,
  calculateOffers: priceOffers,
  sendOfferEmail,
  submitOpportunity,
  sendReminderEmail,
  markApplicationEnded,
  voidSignRequest,
} = proxyActivities<ApplicationActivities>({
  startToCloseTimeout: '60 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 3, nonRetryableErrorTypes: [...NON_RETRYABLE_ERRORS] },
});

// The same record writes, run by the worker inside the workflow task. The lead's ids are retried like the
// remote activity they replace (without end); the others fail the applicant's update after a few tries.
const localRecords = proxyLocalActivities<ApplicationActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});
const { saveOpportunityId: saveOpportunityIdLocally, saveSignatureId: saveSignatureIdLocally } =
  proxyLocalActivities<ApplicationActivities>({
    startToCloseTimeout: '10 seconds',
    retry: { initialInterval: '1 second', maximumAttempts: 3 },
  });

/** How often the workflow asks Box about a sign request when no webhook has come. */
export const SIGN_POLL_INTERVAL = '30 seconds';

/** A refused check (e.g. the CRM rejects the id) drops the affiliate; it never stops the application. */
async function isAcceptedAffiliate(affiliateId: string): Promise<boolean> {
  try {
    return (await checkCrmAffiliate({ affiliateId })).accepted;
  } catch (e) {
    log.warn('affiliate check refused', { error: (e as Error).message });
    return false;
  }
}

/** The failure's type when a retry cannot help (the CRM refused), else null (an outage). */
const rejected = (e: unknown): string | null => {
  const cause = e instanceof ActivityFailure ? e.cause : undefined;
  if (!(cause instanceof ApplicationFailure)) return null;
  const listed = (NON_RETRYABLE_ERRORS as readonly string[]).includes(cause.type ?? '');
  return listed || cause.nonRetryable ? (cause.type ?? 'Error') : null;
};

export async function applicationWorkflow(input: ApplicationWorkflowInput): Promise<void> {
  // Checked once, first: a run with the marker has the life cycle from its first command.
  const lifecycle = patched(LIFECYCLE_PATCH);
  const fewerRoundTrips = lifecycle && patched(FEWER_ROUND_TRIPS_PATCH);
  const records = fewerRoundTrips
    ? {
        saveCrmLeadIds: localRecords.saveCrmLeadIds,
        saveOpportunityId: saveOpportunityIdLocally,
        saveSignatureId: saveSignatureIdLocally,
      }
    : { saveCrmLeadIds, saveOpportunityId, saveSignatureId };
  const timing = { ...DEFAULT_TIMING, ...input.timing };
  const carried = input.carried;
  const progress: ApplicationProgress = carried?.progress ?? { position: INITIAL_POSITION };
  const leadChanges: CrmLeadFields[] = [...(carried?.leadChanges ?? [])];
  const documents: StoredDocument[] = [...(carried?.documents ?? [])];
  const ops: OperationsState = carried?.ops ?? { lastProgressAt: Date.now(), remindersSent: 0, crmFailing: false };
  let updatesThisRun = 0;
  let signingBusy = false;

  const signingOpen = () =>
    !!progress.signing && !progress.signing.signed && !SIGN_ENDED_STATUSES.includes(progress.signing.request.status);
  const facts = (): StatusFacts => ({
    ops,
    crmWorkPending: !progress.sfLeadId || leadChanges.length > 0,
    signingOpen: signingOpen(),
  });
  const operations = (): OperationsView => {
    const f = facts();
    const pending = [
      ...(!progress.sfLeadId ? ['crm-lead'] : []),
      ...(leadChanges.length ? ['crm-lead-update'] : []),
      ...(documents.length ? ['documents'] : []),
      ...(f.signingOpen ? ['signature'] : []),
    ];
    return {
      status: applicationStatus(f),
      turn: turnOf(f),
      pending,
      ...(ops.lastError
        ? { lastError: { code: ops.lastError.code, at: new Date(ops.lastError.at).toISOString() } }
        : {}),
      stalledSince: new Date(ops.lastProgressAt).toISOString(),
      remindersSent: ops.remindersSent,
      runs: carried?.runs ?? 0,
    };
  };
  const publishValues = searchAttributePublisher();
  /** The search attributes operators filter on, upserted when they change (life-cycle runs only). */
  const publish = () => {
    if (!lifecycle) return;
    const f = facts();
    publishValues({
      stage: progress.position.pageName,
      step: progress.position.pageStep,
      status: applicationStatus(f),
      country: ops.country,
      affiliate: ops.affiliateId,
      // Whole minutes: an operator's 'no progress for a day' filter needs no finer, and each upsert costs.
      stalledSince: fewerRoundTrips ? ops.lastProgressAt - (ops.lastProgressAt % 60_000) : ops.lastProgressAt,
      crmSyncPending: f.crmWorkPending,
      lastError: ops.lastError?.code,
      lead: progress.sfLeadId,
    });
  };
  const noteError = (code: LastErrorCode) => {
    ops.lastError = { code, at: Date.now() };
    publish();
  };
  /** Progress: the stall clock starts over and the reminders with it. */
  const touch = () => {
    ops.lastProgressAt = Date.now();
    ops.remindersSent = 0;
    publish();
  };
  /** Every accepted update counts towards the run's bound; a closed application takes none. */
  const accepted = () => {
    updatesThisRun++;
    if (lifecycle) touch();
  };
  const refuseWhenEnded = () => {
    if (lifecycle && ops.ended) throw journeyFailure('APPLICATION_CLOSED');
  };

  setHandler(getProgress, () => ({
    ...progress,
    pendingLeadFields: leadChanges.length,
    pendingDocuments: documents.length,
    ...(lifecycle ? { operations: operations() } : {}),
  }));
  setHandler(documentUploaded, (d) => {
    // Once per file: the api tells it again when a repeat of an upload finds its file already stored,
    // since the api that stored it may have died before telling.
    if (documents.some((x) => x.fileId === d.fileId)) return;
    documents.push(d);
    if (lifecycle) touch();
  });

  // Preconditions live in the validators, so a refused update never enters history; the handlers keep
  // their checks only so that histories recorded before the validators replay as they ran.
  const opportunityId = (): string => {
    if (!progress.sfOpportunityId) throw journeyFailure('OFFERS_NOT_READY');
    return progress.sfOpportunityId;
  };
  const needsOpportunity = () => {
    refuseWhenEnded();
    void opportunityId();
  };
  setHandler(
    calculateOffers,
    async () => {
      accepted();
      needsOpportunity();
      return priceOffers({ applicationId: input.applicationId });
    },
    { validator: needsOpportunity },
  );
  let submittingApplication = false;
  // One offer email at a time: two sends in flight together both found no email sent yet and both sent
  // (load run: a submission retried while its first try was still emailing; two offer emails).
  let emailing = false;
  const emailTheOffer = async () => {
    await condition(() => !emailing);
    emailing = true;
    try {
      await sendOfferEmail({ applicationId: input.applicationId });
    } finally {
      emailing = false;
    }
  };
  setHandler(
    emailOffer,
    async () => {
      accepted();
      await emailTheOffer();
    },
    { validator: refuseWhenEnded },
  );
  setHandler(
    submitApplication,
    async () => {
      accepted();
      const opportunity = opportunityId();
      // A repeat that comes while the first is still at work waits for it, and then finds it done.
      await condition(() => !submittingApplication);
      if (!progress.rep) {
        submittingApplication = true;
        try {
          let rep;
          if (fewerRoundTrips)
            [rep] = await Promise.all([submitOpportunity({ opportunityId: opportunity }), emailTheOffer()]);
          else {
            rep = await submitOpportunity({ opportunityId: opportunity });
            await emailTheOffer();
          }
          progress.rep = rep;
        } finally {
          submittingApplication = false;
        }
      }
      if (progress.position.pageName === 'DOCUMENTS' && progress.position.pageStep === 2) {
        const m = resolveMove(progress.position, { to: 'next' });
        if (m.ok) progress.position = m.position;
      }
      // Submitted, and the booking view is what the applicant sees now: the journey is done.
      if (lifecycle && progress.position.pageStep === 3) end('Submitted');
      publish();
      return { ...progress.rep, position: progress.position };
    },
    { validator: needsOpportunity },
  );

  let submitting = false;
  const signedState = (): SigningState => {
    if (!progress.signing?.signed) throw journeyFailure('SIGN_FIRST');
    return progress.signing;
  };
  const needsSignature = () => {
    refuseWhenEnded();
    void signedState();
  };
  setHandler(
    submitStatements,
    async () => {
      accepted();
      await condition(() => !submitting);
      submitting = true;
      try {
        const signing = signedState();
        // The lead may still be on its way if the CRM was down at sign-up.
        if (!(await condition(() => !!progress.sfLeadId, '2 minutes'))) throw journeyFailure('STATEMENTS_UNAVAILABLE');
        if (!progress.sfOpportunityId) {
          const { opportunityId } = await convertCrmLead({
            leadId: progress.sfLeadId!,
            ownerId: progress.sfLeadOwnerId ?? '',
            applicationId: input.applicationId,
          });
          await records.saveOpportunityId({ applicationId: input.applicationId, opportunityId });
          progress.sfOpportunityId = opportunityId;
        }
        if (!progress.submittedFileId && signing.request.signedFileId) {
          const { fileId } = await submitSignedApplication({
            applicationId: input.applicationId,
            signedFileId: signing.request.signedFileId,
            opportunityId: progress.sfOpportunityId,
          });
          progress.submittedFileId = fileId;
        }
        if (progress.position.pageName === 'DOCUMENTS' && progress.position.pageStep === 1) {
          const m = resolveMove(progress.position, { to: 'next' });
          if (m.ok) progress.position = m.position;
          if (lifecycle) publish();
          else upsertSearchAttributes([{ key: SA.stage, value: progress.position.pageName }]);
        }
        return progress.position;
      } finally {
        submitting = false;
      }
    },
    { validator: needsSignature },
  );

  // Signing: one request at a time; a webhook wakes the watcher, which otherwise polls Box.
  const seenEvents = new Set<string>(carried?.seenEvents ?? []);
  let eventArrived = false;
  let watching = false;
  const apply = (signing: SigningState, request: SigningState['request']) => {
    const wasSigned = signing.signed;
    signing.request = request;
    signing.signed = isSignedRequest(request);
    if (lifecycle && signing.signed && !wasSigned) touch();
    else publish();
  };
  const settled = (s: SigningState) => s.signed || SIGN_ENDED_STATUSES.includes(s.request.status);
  async function watchSigning() {
    watching = true;
    try {
      while (progress.signing && !settled(progress.signing) && !ops.ended) {
        await condition(() => eventArrived, input.signPollSeconds ? input.signPollSeconds * 1000 : SIGN_POLL_INTERVAL);
        eventArrived = false;
        const signing = progress.signing;
        if (ops.ended) break;
        try {
          apply(signing, await getSignRequest({ signRequestId: signing.request.id }));
        } catch (e) {
          // Box unreachable for now: the next webhook or poll tries again.
          log.warn('sign request status unavailable', { error: (e as Error).message });
          if (lifecycle) noteError('SIGN_STATUS_UNAVAILABLE');
          continue;
        }
        if (signing.signed) log.info('application signed', { applicationId: input.applicationId });
      }
    } finally {
      watching = false;
    }
  }
  setHandler(signRequestEvent, (e) => {
    if (seenEvents.has(e.eventId)) return; // Box redelivers; each event counts once
    seenEvents.add(e.eventId);
    if (e.signRequestId === progress.signing?.request.id) eventArrived = true;
  });
  /** A new sign request (attempt + 1), its id saved on the application, and the watcher running. */
  async function newSignRequest() {
    const attempt = (progress.signing?.attempt ?? 0) + 1;
    const request = await prepareSignRequest({ applicationId: input.applicationId, attempt });
    await records.saveSignatureId({ applicationId: input.applicationId, signatureId: request.id });
    progress.signing = { attempt, request, signed: false };
    apply(progress.signing, request);
  }
  setHandler(
    startSigning,
    async () => {
      accepted();
      await condition(() => !signingBusy);
      signingBusy = true;
      try {
        const current = progress.signing;
        // Refresh first: a decline may be known to Box before its webhook reaches us.
        if (current && !current.signed && !SIGN_ENDED_STATUSES.includes(current.request.status))
          apply(current, await getSignRequest({ signRequestId: current.request.id }));
        if (!current || SIGN_ENDED_STATUSES.includes(current.request.status)) await newSignRequest();
        if (!watching && !settled(progress.signing!)) void watchSigning();
        return progress.signing!;
      } finally {
        signingBusy = false;
      }
    },
    { validator: refuseWhenEnded },
  );
  /** Voids the open sign request, if any: its links stop working. */
  async function voidOpenSignRequest() {
    const current = progress.signing;
    if (!current || !signingOpen()) return;
    try {
      await voidSignRequest({ signRequestId: current.request.id });
      current.request = { ...current.request, status: 'cancelled' };
    } catch (e) {
      log.error('sign request not voided', { applicationId: input.applicationId, error: (e as Error).message });
      noteError('SIGN_VOID_FAILED');
    }
  }
  setHandler(resendSignRequest, async () => {
    if (!lifecycle || ops.ended || !signingOpen()) return; // nothing open to resend
    await condition(() => !signingBusy);
    signingBusy = true;
    try {
      await voidOpenSignRequest();
      await newSignRequest();
      if (!watching) void watchSigning();
    } finally {
      signingBusy = false;
    }
  });
  setHandler(updateLead, (fields) => {
    leadChanges.push(fields);
    if (!lifecycle) return;
    ops.country = countryOf(fields) ?? ops.country;
    touch();
  });
  setHandler(
    moveStage,
    (move) => {
      updatesThisRun++; // a stale move is an accepted update too: it counts towards Temporal's cap
      // A repeat or a stale tab: the validator let it in only to be answered with where the journey is.
      if (isStaleMove(progress.position, move)) return progress.position;
      const m = resolveMove(progress.position, move);
      if (!m.ok) throw journeyFailure(m.code); // unreachable: the validator refused it
      progress.position = m.position;
      if (lifecycle) touch();
      else upsertSearchAttributes([{ key: SA.stage, value: m.position.pageName }]);
      return m.position;
    },
    {
      // The libs rule, shared with the web's journey machine (its mirror test walks every move).
      validator: (move) => {
        refuseWhenEnded();
        const verdict = judgeMove(progress.position, move, {
          signed: !!progress.signing?.signed,
          statementsSubmitted: !!progress.sfOpportunityId,
        });
        if (!verdict.ok) throw journeyFailure(verdict.code);
      },
    },
  );

  // Operators' signals: the stall clock starts over; the CRM is tried now; the application is withdrawn.
  let crmRetryNow = false;
  setHandler(extendDeadline, () => {
    if (lifecycle && !ops.ended) touch();
  });
  setHandler(retryCrmSync, () => void (crmRetryNow = true));
  setHandler(withdrawApplication, (w) => {
    if (!lifecycle || ops.ended) return;
    log.info('application withdrawn', { applicationId: input.applicationId, by: w.by });
    end('Withdrawn');
  });
  function end(how: ApplicationEnd) {
    ops.ended ??= how;
    publish();
  }

  if (!lifecycle) return legacyJourney();

  publish();
  if (progress.signing && !settled(progress.signing)) void watchSigning();
  void stallClock();
  let lastChangesQueued = false; // the end's own lead change is in the queue: sync may stop when it is empty
  const crmDone = crmSync();

  // The run ends when the application does, or continues as new before its history grows large.
  const dueForNewRun = () =>
    workflowInfo().continueAsNewSuggested ||
    workflowInfo().historyLength > timing.maxEventsPerRun ||
    updatesThisRun >= timing.maxUpdatesPerRun;
  await condition(() => !!ops.ended || dueForNewRun());
  if (!ops.ended) {
    await condition(allHandlersFinished);
    const next: CarriedState = {
      progress,
      leadChanges,
      documents,
      ops,
      seenEvents: [...seenEvents].slice(-50),
      runs: (carried?.runs ?? 0) + 1,
    };
    log.info('continuing as new', { applicationId: input.applicationId, events: workflowInfo().historyLength });
    await continueAsNew<typeof applicationWorkflow>({ ...input, carried: next });
  }

  // Ended: undo what an abandoned or withdrawn application leaves open, then let the CRM catch up.
  const ended = ops.ended!;
  if (ended !== 'Submitted') {
    await voidOpenSignRequest();
    try {
      await markApplicationEnded({ applicationId: input.applicationId, status: ended });
    } catch (e) {
      log.error('application record not marked', { applicationId: input.applicationId, error: (e as Error).message });
      noteError('RECORD_UPDATE_FAILED');
    }
    leadChanges.push({ ...LEAD_CLOSED_FIELDS[ended] });
  }
  lastChangesQueued = true;
  await crmDone;
  await condition(allHandlersFinished);
  publish();
  log.info('application ended', { applicationId: input.applicationId, how: ended });

  /** The stall clock: reminders after idle time, then abandonment. A timer that fires after progress sleeps on. */
  async function stallClock() {
    for (;;) {
      const step = nextStallStep(ops, timing);
      if (!step) return;
      const wait = step.at - Date.now();
      if (wait > 0) {
        await sleep(wait);
        continue; // progress may have moved the clock meanwhile
      }
      if (step.action === 'abandon') {
        log.info('application abandoned', { applicationId: input.applicationId });
        return end('Abandoned');
      }
      const idleSince = ops.lastProgressAt;
      try {
        await sendReminderEmail({
          applicationId: input.applicationId,
          reminder: step.reminder,
          path: progress.position.path,
          idleSince,
        });
      } catch (e) {
        log.error('reminder not sent', { applicationId: input.applicationId, error: (e as Error).message });
        noteError('REMINDER_FAILED');
      }
      // Progress during the send started the clock over; otherwise this reminder is done.
      if (ops.lastProgressAt === idleSince) ops.remindersSent = step.reminder;
      publish();
    }
  }

  /** One CRM call, tried again after the workflow's back-off until it succeeds; false when refused. */
  async function withCrm(what: string, call: () => Promise<void>): Promise<boolean> {
    for (let backoff = CRM_BACKOFF_MS.first; ; backoff = Math.min(backoff * 2, CRM_BACKOFF_MS.max)) {
      try {
        await call();
        if (ops.crmFailing) {
          ops.crmFailing = false;
          if (ops.lastError?.code.startsWith('CRM_')) delete ops.lastError;
        }
        publish();
        return true;
      } catch (e) {
        const type = rejected(e);
        log.error(`CRM ${type ? 'refused' : 'unavailable for'} ${what}`, {
          applicationId: input.applicationId,
          error: (e as Error).message,
        });
        if (type) {
          noteError('CRM_REJECTED');
          return false;
        }
        ops.crmFailing = true;
        noteError('CRM_UNAVAILABLE');
        crmRetryNow = false;
        await condition(() => crmRetryNow, backoff);
      }
    }
  }

  /** The lead, then lead changes (merged, in arrival order) and documents, until the application ends. */
  async function crmSync() {
    if (!progress.sfLeadId) {
      const { affiliateId, ...leadInput } = input.lead;
      const accepted = affiliateId ? await isAcceptedAffiliate(affiliateId) : false;
      const leadFields = accepted ? { ...leadInput, affiliateId } : leadInput;
      await withCrm('the lead', async () => {
        const lead = await crm.createCrmLead(leadFields);
        await records.saveCrmLeadIds({
          applicationId: input.applicationId,
          leadId: lead.leadId,
          ownerId: lead.ownerId,
          ...(accepted ? { affiliateId } : {}),
        });
        progress.sfLeadId = lead.leadId;
        progress.sfLeadOwnerId = lead.ownerId;
        if (accepted) ops.affiliateId = affiliateId;
        log.info('CRM lead created', { applicationId: input.applicationId, leadId: lead.leadId });
      });
    }
    const documentsReady = () => documents.length > 0 && !!progress.sfOpportunityId;
    for (;;) {
      await condition(() => leadChanges.length > 0 || documentsReady() || lastChangesQueued);
      while (documentsReady()) {
        await withCrm('a document', async () => {
          try {
            await crm.uploadContentVersion({ opportunityId: progress.sfOpportunityId!, document: documents[0]! });
          } catch (e) {
            // Never shown to the applicant (section 8): the document is safe in S3; operations see this.
            if (!rejected(e)) throw e;
            log.error('CRM refused a document', { applicationId: input.applicationId, error: (e as Error).message });
            noteError('DOCUMENT_REFUSED');
          }
        });
        documents.shift();
      }
      if (leadChanges.length > 0) {
        // Removed only once written, so a run that continues as new meanwhile carries them on.
        const count = leadChanges.length;
        const fields = Object.assign({}, ...leadChanges.slice(0, count)) as CrmLeadFields;
        // A rejection the CRM will never accept: the applicant's data is safe in our database.
        await withCrm('a lead update', () => crm.updateCrmLead({ leadId: progress.sfLeadId!, fields }));
        leadChanges.splice(0, count);
        publish();
      }
      if (lastChangesQueued && leadChanges.length === 0 && !documentsReady()) return;
    }
  }

  /** The course of runs started before the life cycle, exactly as they ran, until their next event. */
  async function legacyJourney() {
    upsertSearchAttributes([{ key: SA.stage, value: progress.position.pageName }]);
    // An affiliate id that does not check out is dropped silently (section 5).
    const { affiliateId, ...leadInput } = input.lead;
    const accepted = affiliateId ? await isAcceptedAffiliate(affiliateId) : false;
    const leadFields = accepted ? { ...leadInput, affiliateId } : leadInput;
    const lead = await createCrmLead(leadFields);
    await saveCrmLeadIds({
      applicationId: input.applicationId,
      leadId: lead.leadId,
      ownerId: lead.ownerId,
      ...(accepted ? { affiliateId } : {}),
    });
    progress.sfLeadId = lead.leadId;
    progress.sfLeadOwnerId = lead.ownerId;
    upsertSearchAttributes([{ key: SA.lead, value: lead.leadId }]);
    log.info('CRM lead created', { applicationId: input.applicationId, leadId: lead.leadId });

    for (;;) {
      const documentsReady = () => documents.length > 0 && !!progress.sfOpportunityId;
      await condition(() => leadChanges.length > 0 || documentsReady() || progress.closed === true);
      // A new event after the life cycle shipped: carry everything into a run that has it.
      if (patched(LIFECYCLE_PATCH)) {
        await condition(allHandlersFinished);
        const next: CarriedState = {
          progress,
          leadChanges,
          documents,
          ops: { ...ops, affiliateId: accepted ? affiliateId : undefined },
          seenEvents: [...seenEvents].slice(-50),
          runs: 1,
        };
        return continueAsNew<typeof applicationWorkflow>({ ...input, carried: next });
      }
      while (documentsReady()) {
        const document = documents[0]!;
        try {
          await uploadContentVersion({ opportunityId: progress.sfOpportunityId!, document });
        } catch (e) {
          log.error('CRM refused a document', { applicationId: input.applicationId, error: (e as Error).message });
        }
        documents.shift();
      }
      if (leadChanges.length === 0) {
        if (progress.closed) break;
        continue;
      }
      const fields = Object.assign({}, ...leadChanges.splice(0)) as CrmLeadFields;
      try {
        await updateCrmLead({ leadId: lead.leadId, fields });
      } catch (e) {
        log.error('CRM refused a lead update', { applicationId: input.applicationId, error: (e as Error).message });
      }
    }
  }
}
