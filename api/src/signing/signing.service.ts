import {
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import type { Model } from 'mongoose';
import { ACCOUNT_MESSAGES } from '@portal/libs';
import {
  applicationWorkflowId,
  getProgress,
  NO_SIGNERS_FOUND,
  signRequestEvent,
  startSigning,
  type SigningState,
} from '@portal/workflows';
import { Application } from '../applications/application.schema';
import { ApplicationsService } from '../applications/applications.service';
import { TEMPORAL_CLIENT } from '../temporal/temporal.module';

export const SIGNATURE_NOT_FOUND = 'Signature not found';

/** The signing request as the /signature page reads it (section 7 'box/sign', 'box/{signatureId}'). */
export type SigningAnswer = {
  id: string;
  status: string;
  signed: boolean;
  fileId?: string;
  signers: { email: string; order: number; decision: string | null; embedUrl: string | null }[];
};

const answer = (s: SigningState): SigningAnswer => ({
  id: s.request.id,
  status: s.request.status,
  signed: s.signed,
  ...(s.request.signedFileId ? { fileId: s.request.signedFileId } : {}),
  signers: s.request.signers,
});

/** Any failure in the chain that says nobody can sign. */
function noSigners(e: unknown): boolean {
  for (let c = e as { message?: string; cause?: unknown } | undefined; c; c = c.cause as typeof c)
    if (c.message === NO_SIGNERS_FOUND) return true;
  return false;
}

/** Signing goes through the application's workflow, which talks to Box and hears its webhooks. */
@Injectable()
export class SigningService {
  private readonly logger = new Logger(SigningService.name);

  constructor(
    @InjectModel(Application.name) private readonly applicationModel: Model<Application>,
    @Inject(TEMPORAL_CLIENT) private readonly temporal: Client,
    private readonly applications: ApplicationsService,
  ) {}

  async start(applicationId: string, userId: string): Promise<SigningAnswer> {
    await this.applications.owned(applicationId, userId);
    try {
      const state = await this.temporal.workflow
        .getHandle(applicationWorkflowId(applicationId))
        .executeUpdate(startSigning, { args: [] });
      return answer(state);
    } catch (e) {
      if (noSigners(e)) throw new UnprocessableEntityException(NO_SIGNERS_FOUND);
      this.logger.error({
        msg: 'signing failed',
        applicationId,
        error: e instanceof WorkflowUpdateFailedError ? (e.cause?.message ?? e.message) : (e as Error).message,
      });
      throw new ServiceUnavailableException(ACCOUNT_MESSAGES.somethingWentWrong);
    }
  }

  /** The request's state as the workflow knows it (from the webhook or its polling), never the browser's word. */
  async status(signatureId: string, userId: string): Promise<SigningAnswer> {
    const app = await this.applicationModel.findOne({ signatureId, userId });
    if (!app) throw new NotFoundException(SIGNATURE_NOT_FOUND);
    const progress = await this.temporal.workflow.getHandle(applicationWorkflowId(String(app._id))).query(getProgress);
    if (!progress.signing || progress.signing.request.id !== signatureId)
      throw new NotFoundException(SIGNATURE_NOT_FOUND);
    return answer(progress.signing);
  }

  /** A verified webhook: wakes the workflow that owns the request. Unknown requests are ignored. */
  async event(e: { signRequestId: string; trigger: string; eventId: string }): Promise<void> {
    const app = await this.applicationModel.findOne({ signatureId: e.signRequestId });
    if (!app) return;
    await this.temporal.workflow.getHandle(applicationWorkflowId(String(app._id))).signal(signRequestEvent, e);
  }
}
