import { defineSearchAttributeKey } from '@temporalio/common';
import { condition, log, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import { INITIAL_POSITION, isStaleMove, judgeMove, resolveMove } from '@portal/libs';
import {
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
  submitApplication,
  isSignedRequest,
  moveStage,
  submitStatements,
  SIGN_ENDED_STATUSES,
  signRequestEvent,
  startSigning,
  updateLead,
  type ApplicationProgress,
  type ApplicationWorkflowInput,
  type SigningState,
} from './messages';
import { journeyFailure } from './failures';

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
} = proxyActivities<ApplicationActivities>({
  startToCloseTimeout: '60 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 3, nonRetryableErrorTypes: [...NON_RETRYABLE_ERRORS] },
});

/** How often the workflow asks Box about a sign request when no webhook has come. */
export const SIGN_POLL_INTERVAL = '30 seconds';

const STAGE_KEY = defineSearchAttributeKey('ApplicationStage', 'KEYWORD');
const LEAD_KEY = defineSearchAttributeKey('CrmLeadId', 'KEYWORD');

/** A refused check (e.g. the CRM rejects the id) drops the affiliate; it never stops the application. */
async function isAcceptedAffiliate(affiliateId: string): Promise<boolean> {
  try {
    return (await checkCrmAffiliate({ affiliateId })).accepted;
  } catch (e) {
    log.warn('affiliate check refused', { error: (e as Error).message });
    return false;
  }
}

export async function applicationWorkflow(input: ApplicationWorkflowInput): Promise<void> {
  const progress: ApplicationProgress = { position: INITIAL_POSITION };
  const leadChanges: CrmLeadFields[] = [];
  const documents: StoredDocument[] = [];
  setHandler(getProgress, () => ({
    ...progress,
    pendingLeadFields: leadChanges.length,
    pendingDocuments: documents.length,
  }));
  setHandler(documentUploaded, (d) => void documents.push(d));

  // Preconditions live in the validators, so a refused update never enters history; the handlers keep
  // their checks only so that histories recorded before the validators replay as they ran.
  const opportunityId = (): string => {
    if (!progress.sfOpportunityId) throw journeyFailure('OFFERS_NOT_READY');
    return progress.sfOpportunityId;
  };
  const needsOpportunity = () => void opportunityId();
  setHandler(
    calculateOffers,
    async () => {
      needsOpportunity();
      return priceOffers({ applicationId: input.applicationId });
    },
    { validator: needsOpportunity },
  );
  setHandler(emailOffer, async () => {
    await sendOfferEmail({ applicationId: input.applicationId });
  });
  setHandler(
    submitApplication,
    async () => {
      const opportunity = opportunityId();
      if (!progress.rep) {
        const rep = await submitOpportunity({ opportunityId: opportunity });
        await sendOfferEmail({ applicationId: input.applicationId });
        progress.rep = rep;
      }
      if (progress.position.pageName === 'DOCUMENTS' && progress.position.pageStep === 2) {
        const m = resolveMove(progress.position, { to: 'next' });
        if (m.ok) progress.position = m.position;
      }
      return { ...progress.rep, position: progress.position };
    },
    { validator: needsOpportunity },
  );

  let submitting = false;
  const signedState = (): SigningState => {
    if (!progress.signing?.signed) throw journeyFailure('SIGN_FIRST');
    return progress.signing;
  };
  const needsSignature = () => void signedState();
  setHandler(
    submitStatements,
    async () => {
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
          await saveOpportunityId({ applicationId: input.applicationId, opportunityId });
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
          upsertSearchAttributes([{ key: STAGE_KEY, value: progress.position.pageName }]);
        }
        return progress.position;
      } finally {
        submitting = false;
      }
    },
    { validator: needsSignature },
  );

  // Signing: one request at a time; a webhook wakes the watcher, which otherwise polls Box.
  const seenEvents = new Set<string>();
  let eventArrived = false;
  let signingBusy = false;
  let watching = false;
  const apply = (signing: SigningState, request: SigningState['request']) => {
    signing.request = request;
    signing.signed = isSignedRequest(request);
  };
  const settled = (s: SigningState) => s.signed || SIGN_ENDED_STATUSES.includes(s.request.status);
  async function watchSigning() {
    watching = true;
    try {
      while (progress.signing && !settled(progress.signing)) {
        await condition(() => eventArrived, input.signPollSeconds ? input.signPollSeconds * 1000 : SIGN_POLL_INTERVAL);
        eventArrived = false;
        const signing = progress.signing;
        try {
          apply(signing, await getSignRequest({ signRequestId: signing.request.id }));
        } catch (e) {
          // Box unreachable for now: the next webhook or poll tries again.
          log.warn('sign request status unavailable', { error: (e as Error).message });
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
  setHandler(startSigning, async () => {
    await condition(() => !signingBusy);
    signingBusy = true;
    try {
      const current = progress.signing;
      // Refresh first: a decline may be known to Box before its webhook reaches us.
      if (current && !current.signed && !SIGN_ENDED_STATUSES.includes(current.request.status))
        apply(current, await getSignRequest({ signRequestId: current.request.id }));
      if (!current || SIGN_ENDED_STATUSES.includes(current.request.status)) {
        const attempt = (current?.attempt ?? 0) + 1;
        const request = await prepareSignRequest({ applicationId: input.applicationId, attempt });
        await saveSignatureId({ applicationId: input.applicationId, signatureId: request.id });
        progress.signing = { attempt, request, signed: false };
        apply(progress.signing, request);
      }
      if (!watching && !settled(progress.signing!)) void watchSigning();
      return progress.signing!;
    } finally {
      signingBusy = false;
    }
  });
  setHandler(updateLead, (fields) => void leadChanges.push(fields));
  setHandler(
    moveStage,
    (move) => {
      // A repeat or a stale tab: the validator let it in only to be answered with where the journey is.
      if (isStaleMove(progress.position, move)) return progress.position;
      const m = resolveMove(progress.position, move);
      if (!m.ok) throw journeyFailure(m.code); // unreachable: the validator refused it
      progress.position = m.position;
      upsertSearchAttributes([{ key: STAGE_KEY, value: m.position.pageName }]);
      return m.position;
    },
    {
      // The libs rule, shared with the web's journey machine (its mirror test walks every move).
      validator: (move) => {
        const verdict = judgeMove(progress.position, move, {
          signed: !!progress.signing?.signed,
          statementsSubmitted: !!progress.sfOpportunityId,
        });
        if (!verdict.ok) throw journeyFailure(verdict.code);
      },
    },
  );
  upsertSearchAttributes([{ key: STAGE_KEY, value: progress.position.pageName }]);

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
  upsertSearchAttributes([{ key: LEAD_KEY, value: lead.leadId }]);
  log.info('CRM lead created', { applicationId: input.applicationId, leadId: lead.leadId });

  // The application stays open for the rest of the journey. Lead changes are merged and written in
  // arrival order, so a later save always wins over an earlier one.
  for (;;) {
    const documentsReady = () => documents.length > 0 && !!progress.sfOpportunityId;
    await condition(() => leadChanges.length > 0 || documentsReady() || progress.closed === true);
    while (documentsReady()) {
      const document = documents[0]!;
      try {
        await uploadContentVersion({ opportunityId: progress.sfOpportunityId!, document });
      } catch (e) {
        // Never shown to the applicant (section 8): the document is safe in S3; operations see this.
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
      // Only a rejection the CRM will never accept lands here (outages are retried); the applicant's
      // data is safe in our database, so operations see it in the log and the journey goes on.
      log.error('CRM refused a lead update', { applicationId: input.applicationId, error: (e as Error).message });
    }
  }
}
