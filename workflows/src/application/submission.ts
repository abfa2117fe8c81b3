import { condition, log } from '@temporalio/workflow';
import type { JourneyPosition } from '@portal/libs';
import { isFinalStep, judgeSubmission } from '@portal/libs/dist/workflow';
import type { OfferOption, SalesRep, StoredDocument } from './activities';
import type { CrmSync } from './crm-sync';
import { journeyFailure, mailRefused } from './failures';
import type { SigningState } from './messages';
import { ahead, waited } from './proxies';
import type { ApplicationRun } from './run';

/**
 * The submission room: bank statements submitted (the lead converted, the signed application submitted,
 * the journey on to the offers, the offers priced ahead), offers priced, the offer emailed, the application
 * submitted (the rep known, the journey done). Preconditions live in the validators, so a refused update never enters
 * history. What the room achieved is the run's (progress); the fields here keep its handlers one at a time.
 */
export class Submission {
  /** One submitStatements at a time: a repeat waits for the first and then finds it done. */
  private submittingStatements = false;
  /** One submitApplication at a time, likewise. */
  private submittingApplication = false;
  /**
   * One offer email at a time: two sends in flight together both found no email sent yet and both sent
   * (a submission retried while its first try was still emailing).
   */
  private emailing = false;

  constructor(
    private readonly run: ApplicationRun,
    private readonly crm: CrmSync,
  ) {}

  /** Validator of submitApplication: the lead is converted, or the statements are in (its conversion is tried then). */
  needsOpportunity(): void {
    this.offersReady();
  }

  /** Validator of calculateOffers: the statements are in (the opportunity may follow later). */
  offersReady(): void {
    this.run.refuseWhenEnded();
    if (!this.run.progress.statementsSubmitted) this.opportunityId();
  }

  /** Validator of submitStatements: the application is signed. */
  needsSignature(): void {
    this.run.refuseWhenEnded();
    this.signedState();
  }

  /** calculateOffers: prices the offers and saves them as the application's options. */
  async calculateOffers(): Promise<OfferOption[]> {
    this.run.accepted();
    this.offersReady();
    return waited.calculateOffers({ applicationId: this.run.applicationId });
  }

  /** emailOffer: emails the applicant the selected offer. */
  async emailOffer(): Promise<void> {
    this.run.accepted();
    await this.emailTheOffer();
  }

  /** submitStatements: the lead converted, the signed application submitted, the journey on to /offers. */
  async submitStatements(statements?: StoredDocument[]): Promise<JourneyPosition> {
    const { run } = this;
    const { progress } = run;
    run.accepted();
    run.takeDocuments(statements);
    await condition(() => !this.submittingStatements);
    this.submittingStatements = true;
    try {
      const signing = this.signedState();
      await this.crm.convertForStatements();
      if (!progress.submittedFileId && signing.request.signedFileId) {
        const { fileId } = await waited.submitSignedApplication({
          applicationId: run.applicationId,
          signedFileId: signing.request.signedFileId,
          opportunityId: progress.sfOpportunityId ?? '',
        });
        progress.submittedFileId = fileId;
      }
      const moved = judgeSubmission(progress.position, 'statements');
      if (moved !== progress.position) {
        progress.position = moved;
        run.publish();
      }
      await this.priceAhead();
      return progress.position;
    } finally {
      this.submittingStatements = false;
    }
  }

  /**
   * submitApplication: the documents it carries (the voided check, the driver's license, the statements
   * once more) copied to the opportunity, then the opportunity submitted, the offer emailed, the rep known;
   * the journey is done.
   */
  async submitApplication(documents?: StoredDocument[]): Promise<SalesRep & { position: JourneyPosition }> {
    this.run.accepted();
    // What it carries is copied in this update's own workflow task (a local activity), not by the sync loop's
    // activity task, unless the submission stops short of its copy: then the loop copies it.
    const release = this.crm.holdDocuments();
    try {
      return await this.submit(documents);
    } finally {
      release();
    }
  }

  private async submit(documents?: StoredDocument[]): Promise<SalesRep & { position: JourneyPosition }> {
    const { run } = this;
    const { progress } = run;
    run.takeDocuments(documents);
    // The lead's conversion still owed (the CRM was down when the statements went, and the lead loop is
    // waiting out its back-off): tried now rather than refused with 'submit your bank statements first'. The
    // record may already hold the opportunity, from a try whose answer this run never got; the conversion
    // then answers with it.
    if (!progress.sfOpportunityId && progress.statementsSubmitted) await this.crm.convertForStatements();
    // Still none: the CRM did not convert it just now (down, or refusing it; operators see which). The
    // statements are in, so the applicant is asked to try again in a few minutes (a 503, whose key the api
    // gives back), not told to submit them; the documents this one carried wait for the opportunity.
    if (!progress.sfOpportunityId && progress.statementsSubmitted) throw journeyFailure('STATEMENTS_UNAVAILABLE');
    const opportunityId = this.opportunityId();
    // A repeat that comes while the first is still at work waits for it, and then finds it done.
    await condition(() => !this.submittingApplication);
    if (!progress.rep) {
      this.submittingApplication = true;
      try {
        // The sales rep opens the submitted opportunity with its documents on it. A CRM outage during the
        // copy leaves them to the sync loop's tries and does not hold the submission (document-copies.ts).
        await this.crm.copyDocumentsNow();
        // The CRM is asked for the rep while the offer email goes. Local: a twin submission that finds the
        // run ended is answered by the api from the run's result (APPLICATION_CLOSED, then its final progress).
        const [rep] = await Promise.all([waited.submitOpportunity({ opportunityId }), this.emailTheOffer()]);
        const { stageRefused, ...shown } = rep;
        if (stageRefused) {
          // The stage stays as it was; the applicant still has their rep. Operations see the refusal.
          log.error('CRM refused the opportunity update', { applicationId: run.applicationId, codes: stageRefused });
          run.noteError('CRM_REJECTED', stageRefused);
        }
        progress.rep = shown;
      } finally {
        this.submittingApplication = false;
      }
    }
    progress.position = judgeSubmission(progress.position, 'application');
    // Submitted, and the booking view is what the applicant sees now: the journey is done.
    if (isFinalStep(progress.position)) run.end('Submitted');
    run.publish();
    return { ...progress.rep!, position: progress.position };
  }

  /**
   * The offers priced in the statements' submission's own workflow task, once its other calls succeeded:
   * the offers page still asks on load, and the api answers it from this pricing while it is fresh, with
   * no update (its workflow task and the update: 5 events fewer). Its failure fails and undoes nothing:
   * the page's calculation then prices them through calculateOffers.
   */
  private async priceAhead(): Promise<void> {
    try {
      await ahead.calculateOffers({ applicationId: this.run.applicationId });
    } catch (e) {
      log.warn('offers not priced with the statements; the offers page prices them', {
        applicationId: this.run.applicationId,
        error: (e as Error).message,
      });
    }
  }

  private opportunityId(): string {
    if (!this.run.progress.sfOpportunityId) throw journeyFailure('OFFERS_NOT_READY');
    return this.run.progress.sfOpportunityId;
  }

  private signedState(): SigningState {
    if (!this.run.progress.signing?.signed) throw journeyFailure('SIGN_FIRST');
    return this.run.progress.signing;
  }

  private async emailTheOffer(): Promise<void> {
    await condition(() => !this.emailing);
    this.emailing = true;
    try {
      await waited.sendOfferEmail({ applicationId: this.run.applicationId });
    } catch (e) {
      // A mail server's permanent refusal (a 5xx: an unverified sender, a wrong login) does not fail the
      // applicant's step: the journey goes on and operators see it. Anything else fails the update.
      if (!mailRefused(e)) throw e;
      log.error('offer email refused by the mail service', {
        applicationId: this.run.applicationId,
        error: (e as Error).message,
      });
      this.run.noteError('OFFER_EMAIL_FAILED', 'MAIL_REJECTED');
    } finally {
      this.emailing = false;
    }
  }
}
