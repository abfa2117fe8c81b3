import { condition } from '@temporalio/workflow';
import { isFinalStep, judgeSubmission } from '@portal/libs';
import { journeyFailure } from './failures';
import type { SigningState } from './messages';
import { waited } from './proxies';
import type { ApplicationRun } from './run';

/**
 * The submission room: bank statements submitted (the lead converted, the signed application submitted,
 * the journey on to the offers), offers priced, the offer emailed, the application submitted (the rep
 * known, the journey done). Preconditions live in the validators, so a refused update never enters
 * history; the handlers keep their checks only so that histories recorded before the validators replay
 * as they ran. Each handler's body keeps its recorded await structure.
 */
export function submissionRoom(run: ApplicationRun) {
  const { progress, applicationId } = run;
  let submittingStatements = false;
  let submittingApplication = false;
  // One offer email at a time: two sends in flight together both found no email sent yet and both sent
  // (load run: a submission retried while its first try was still emailing; two offer emails).
  let emailing = false;

  const opportunityId = (): string => {
    if (!progress.sfOpportunityId) throw journeyFailure('OFFERS_NOT_READY');
    return progress.sfOpportunityId;
  };
  const signedState = (): SigningState => {
    if (!progress.signing?.signed) throw journeyFailure('SIGN_FIRST');
    return progress.signing;
  };
  const emailTheOffer = async () => {
    await condition(() => !emailing);
    emailing = true;
    try {
      await waited.sendOfferEmail({ applicationId });
    } finally {
      emailing = false;
    }
  };

  const needsOpportunity = () => {
    run.refuseWhenEnded();
    void opportunityId();
  };

  return {
    needsOpportunity,
    needsSignature() {
      run.refuseWhenEnded();
      void signedState();
    },

    /** calculateOffers: prices the offers and saves them as the application's options. */
    async calculateOffers() {
      run.accepted();
      needsOpportunity();
      return waited.calculateOffers({ applicationId });
    },

    /** emailOffer: emails the applicant the selected offer. */
    async emailOffer() {
      run.accepted();
      await emailTheOffer();
    },

    /** submitStatements: the lead converted, the signed application submitted, the journey on to /offers. */
    async submitStatements() {
      run.accepted();
      await condition(() => !submittingStatements);
      submittingStatements = true;
      try {
        const signing = signedState();
        // The lead may still be on its way if the CRM was down at sign-up.
        if (!(await condition(() => !!progress.sfLeadId, '2 minutes'))) throw journeyFailure('STATEMENTS_UNAVAILABLE');
        if (!progress.sfOpportunityId) {
          const { opportunityId } = await waited.convertCrmLead({
            leadId: progress.sfLeadId!,
            ownerId: progress.sfLeadOwnerId ?? '',
            applicationId,
          });
          await run.records.saveOpportunityId({ applicationId, opportunityId });
          progress.sfOpportunityId = opportunityId;
        }
        if (!progress.submittedFileId && signing.request.signedFileId) {
          const { fileId } = await waited.submitSignedApplication({
            applicationId,
            signedFileId: signing.request.signedFileId,
            opportunityId: progress.sfOpportunityId,
          });
          progress.submittedFileId = fileId;
        }
        const moved = judgeSubmission(progress.position, 'statements');
        if (moved !== progress.position) {
          progress.position = moved;
          run.publishStage();
        }
        return progress.position;
      } finally {
        submittingStatements = false;
      }
    },

    /** submitApplication: the opportunity submitted, the offer emailed, the rep known; the journey is done. */
    async submitApplication() {
      run.accepted();
      const opportunity = opportunityId();
      // A repeat that comes while the first is still at work waits for it, and then finds it done.
      await condition(() => !submittingApplication);
      if (!progress.rep) {
        submittingApplication = true;
        try {
          let rep;
          if (run.fewerRoundTrips)
            [rep] = await Promise.all([waited.submitOpportunity({ opportunityId: opportunity }), emailTheOffer()]);
          else {
            rep = await waited.submitOpportunity({ opportunityId: opportunity });
            await emailTheOffer();
          }
          progress.rep = rep;
        } finally {
          submittingApplication = false;
        }
      }
      progress.position = judgeSubmission(progress.position, 'application');
      // Submitted, and the booking view is what the applicant sees now: the journey is done.
      if (run.lifecycle && isFinalStep(progress.position)) run.end('Submitted');
      run.publish();
      return { ...progress.rep!, position: progress.position };
    },
  };
}
