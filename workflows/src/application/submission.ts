import { condition, log, patched } from '@temporalio/workflow';
import { isFinalStep, judgeSubmission } from '@portal/libs';
import { failureOf, refusalCodes, rejected } from './crm-sync';
import { journeyFailure } from './failures';
import { OFFER_MAIL_REFUSED_PATCH } from './patches';
import type { StoredDocument } from './activities';
import type { SigningState } from './messages';
import { waited as finalCalls } from './proxies';
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
      await run.waited.sendOfferEmail({ applicationId });
    } catch (e) {
      // A mail server's permanent refusal (a 5xx: an unverified sender, a wrong login) does not fail the
      // applicant's step: the journey goes on and operators see it (issue 24). The patch is asked only
      // here, so runs already going take it too, and runs that failed on it before replay as they ran;
      // a run with ALL_PATCHES_OF_ISSUE_26 has it without asking.
      const refused = (failureOf(e) as { type?: string } | undefined)?.type === 'MailRejectedError';
      if (!refused || !run.lifecycle || !(run.allPatches || patched(OFFER_MAIL_REFUSED_PATCH))) throw e;
      log.error('offer email refused by the mail service', { applicationId, error: (e as Error).message });
      run.noteError('OFFER_EMAIL_FAILED', 'MAIL_REJECTED');
    } finally {
      emailing = false;
    }
  };

  const needsOpportunity = () => {
    run.refuseWhenEnded();
    void opportunityId();
  };
  /** Offers are priced once the statements are in (issue 24: the opportunity may follow later). */
  const offersReady = () => {
    run.refuseWhenEnded();
    if (run.survivesRefusals && progress.statementsSubmitted) return;
    void opportunityId();
  };

  /**
   * Issue 24: the statements move the journey on whatever the CRM answers. The lead is converted now when
   * it can be; when it is not there yet, or its conversion failed or was refused (shown to operators),
   * the CRM room converts it later and the documents follow.
   */
  async function convertIfYouCan() {
    progress.statementsSubmitted = true;
    if (progress.sfOpportunityId || !progress.sfLeadId || run.converting) return run.publish();
    run.converting = true;
    try {
      const { opportunityId } = await run.waited.convertCrmLead({
        leadId: progress.sfLeadId,
        ownerId: progress.sfLeadOwnerId ?? '',
        applicationId,
      });
      await run.records.saveOpportunityId({ applicationId, opportunityId });
      progress.sfOpportunityId = opportunityId;
    } catch (e) {
      const refused = rejected(e);
      log.error(`CRM ${refused ? 'refused' : 'unavailable for'} the conversion`, {
        applicationId,
        error: (e as Error).message,
      });
      run.ops.crmFailing = true;
      if (refused) run.noteError('CRM_REJECTED', refusalCodes(e));
      else run.noteError('CRM_UNAVAILABLE');
    } finally {
      run.converting = false;
    }
    run.publish();
  }

  return {
    needsOpportunity,
    offersReady,
    needsSignature() {
      run.refuseWhenEnded();
      void signedState();
    },

    /** calculateOffers: prices the offers and saves them as the application's options. */
    async calculateOffers() {
      run.accepted();
      offersReady();
      return run.waited.calculateOffers({ applicationId });
    },

    /** emailOffer: emails the applicant the selected offer. */
    async emailOffer() {
      run.accepted();
      await emailTheOffer();
    },

    /** submitStatements: the lead converted, the signed application submitted, the journey on to /offers. */
    async submitStatements(statements?: StoredDocument[]) {
      run.accepted();
      run.takeDocuments(statements);
      await condition(() => !submittingStatements);
      submittingStatements = true;
      try {
        const signing = signedState();
        if (run.survivesRefusals) await convertIfYouCan();
        // The lead may still be on its way if the CRM was down at sign-up.
        else if (!(await condition(() => !!progress.sfLeadId, '2 minutes')))
          throw journeyFailure('STATEMENTS_UNAVAILABLE');
        if (!run.survivesRefusals && !progress.sfOpportunityId) {
          const { opportunityId } = await run.waited.convertCrmLead({
            leadId: progress.sfLeadId!,
            ownerId: progress.sfLeadOwnerId ?? '',
            applicationId,
          });
          await run.records.saveOpportunityId({ applicationId, opportunityId });
          progress.sfOpportunityId = opportunityId;
        }
        if (!progress.submittedFileId && signing.request.signedFileId) {
          const { fileId } = await run.waited.submitSignedApplication({
            applicationId,
            signedFileId: signing.request.signedFileId,
            opportunityId: progress.sfOpportunityId ?? '',
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
    async submitApplication(statements?: StoredDocument[]) {
      run.accepted();
      run.takeDocuments(statements);
      const opportunity = opportunityId();
      // A repeat that comes while the first is still at work waits for it, and then finds it done.
      await condition(() => !submittingApplication);
      if (!progress.rep) {
        submittingApplication = true;
        try {
          let rep;
          if (run.fewerRoundTrips)
            [rep] = await Promise.all(
              // The opportunity's update stays an activity task (issue 26): a twin of the final submission must
              // find the workflow at work, not ended within the first one's workflow task.
              [finalCalls.submitOpportunity({ opportunityId: opportunity }), emailTheOffer()],
            );
          else {
            rep = await finalCalls.submitOpportunity({ opportunityId: opportunity });
            await emailTheOffer();
          }
          if (run.survivesRefusals && rep.stageRefused) {
            // The stage stays as it was; the applicant still has their rep. Operations see the refusal.
            log.error('CRM refused the opportunity update', { applicationId, codes: rep.stageRefused });
            run.noteError('CRM_REJECTED', rep.stageRefused);
          }
          const { stageRefused: _, ...shown } = rep;
          progress.rep = run.survivesRefusals ? shown : rep;
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
