import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { API_CODES, BOX_SIGN_TRIGGERS, FINAL_SIGN_TRIGGERS } from '@portal/libs';
import { signRequestEvent, startSigning, type SigningState } from '@portal/workflows';
import type { SignEvent } from './box-event';
import { ApplicationProgress } from '../applications/application-progress.service';
import { ApplicationsService } from '../applications/applications.service';
import { SigningAhead } from '../applications/signing-ahead';
import { StagesService } from '../stages/stages.service';
import { StatusService } from '../status/status.service';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';

export const SIGNATURE_NOT_FOUND = API_CODES.signatureNotFound;

/** The signing request as the /signature page reads it (routes 'box/sign' and 'box/{signatureId}'). */
export type SigningAnswer = {
  id: string;
  status: string;
  signed: boolean;
  fileId?: string;
  signers: { email: string; order: number; decision: string | null; embedUrl: string | null }[];
  /**
   * Signed (the status read only): where the journey is now. The workflow moves it on from the signature to
   * the bank statements when it hears the last signature, and the web lands where this says.
   */
  stage?: { pageName: string; pageStep: number; path: string };
};

const answer = (s: SigningState): SigningAnswer => ({
  id: s.request.id,
  status: s.request.status,
  signed: s.signed,
  ...(s.request.signedFileId ? { fileId: s.request.signedFileId } : {}),
  signers: s.request.signers,
});

/** Signing goes through the application's workflow, which talks to Box and hears its webhooks. */
@Injectable()
export class SigningService {
  private readonly logger = new Logger(SigningService.name);

  constructor(
    private readonly workflows: ApplicationWorkflows,
    private readonly applications: ApplicationsService,
    private readonly statusLinks: StatusService,
    private readonly progress: ApplicationProgress,
    private readonly stages: StagesService,
    private readonly ahead: SigningAhead,
  ) {}

  /**
   * The signing the workflow started with the move onto the signature, on the page's first call after it
   * (SigningAhead: fresh, for the request on file, the application open); otherwise started or continued
   * by the workflow now.
   */
  async start(applicationId: string, userId: string): Promise<SigningAnswer> {
    const id = await this.applications.checkOwner(applicationId, userId);
    const signing = (await this.ahead.take(id)) ?? (await this.workflows.update(applicationId, startSigning, []));
    // Co-owners still to sign get their status link, once per sign request.
    this.statusLinks.notifyCoOwners(applicationId, userId, signing);
    return answer(signing);
  }

  /**
   * The request's state as the workflow knows it (from the webhook or its polling), never the browser's word;
   * once the run has closed, as it left it (ApplicationProgress). While it is open, queried each time: the
   * signature page reads this once a second while the signature comes in, when the run's history moves
   * between most reads, so a kept answer would rarely serve and its write would cost each read a round trip.
   */
  async status(signatureId: string, userId: string): Promise<SigningAnswer> {
    const app = await this.applications.findForUser(userId, { signatureId });
    if (!app) throw new NotFoundException(SIGNATURE_NOT_FOUND);
    const progress = await this.progress.of(app, { kept: false });
    if (!progress.signing || progress.signing.request.id !== signatureId)
      throw new NotFoundException(SIGNATURE_NOT_FOUND);
    if (!progress.signing.signed) return answer(progress.signing);
    // Signed: the workflow has moved the journey on by itself (in the task that heard the last signature),
    // so the saved stage follows it, and the answer says where the web lands. A journey still on the
    // signature (a run from before the workflow moved it, or one taken back there) is moved by the web.
    const { pageName, pageStep, path } = progress.position;
    // Not kept (the database busy): the answer stands; a later page load finds the saved stage on the
    // signature, and the move the web sends from there is answered where the workflow is.
    if (pageName === 'DOCUMENTS')
      await this.stages.followSignature(String(app._id), progress.position).catch((e: Error) => {
        this.logger.warn({ msg: 'saved stage not moved on from the signature', signatureId, error: e.message });
      });
    return { ...answer(progress.signing), stage: { pageName, pageStep, path } };
  }

  /**
   * A verified webhook: wakes the workflow that owns the request when the request has ended
   * (FINAL_SIGN_TRIGGERS), or when one of several signers has signed, so the applicant's screen says at
   * once that the co-owner's signature is what it waits for. A lone signer's own signature is followed by
   * the request's end at once: it costs the history no signal (the workflow's poll reads any step
   * between). Unknown requests are ignored.
   */
  async event(e: SignEvent): Promise<void> {
    const final = FINAL_SIGN_TRIGGERS.includes(e.trigger);
    if (!final && e.trigger !== BOX_SIGN_TRIGGERS.signerSigned) return;
    const found = await this.applications.findBySignature(e.signRequestId);
    if (!found || (!final && found.signers === 1)) return;
    await this.workflows.signal(String(found.app._id), signRequestEvent, e);
  }
}
