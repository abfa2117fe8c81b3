import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { madeFresh } from '@portal/libs';
import { isApplicationEnd, type SigningState } from '@portal/workflows';
import { WorkflowOutbox } from '../temporal/workflow-outbox.service';
import { Application } from './application.schema';

/**
 * How long the signing started with the move answers the signature page: the page asks for it as soon as
 * the move has answered, so a later arrival (the tab left open) asks the workflow, which reads the request
 * afresh from Box.
 */
export const SIGNING_AHEAD_FRESH_MS = 2 * 60_000;

/**
 * The signing the workflow started in the move onto the signature (moveStage's answer), kept on the
 * application record (`signingAhead`) for the signature page's POST /box/sign, which it answers once,
 * instead of a startSigning update (a workflow task and six history events). Sealed by the workflow payload
 * codec: the signers' links authenticate them. Taken by one write that reads it and removes it, so only the
 * page's first call after the move is answered from it: a reload, a new start after a decline or an
 * expiry, the second signer's turn ask the workflow, which reads Box afresh. Answered only while fresh,
 * for the request on file (an operator's resend since makes another) and the application still open; a
 * change of signed answers (reviseAnswers voids the request) drops it first.
 */
@Injectable()
export class SigningAhead {
  constructor(
    @InjectModel(Application.name) private readonly applications: Model<Application>,
    private readonly outbox: WorkflowOutbox,
  ) {}

  async keep(applicationId: string, signing: SigningState): Promise<void> {
    const signingAhead = { sealed: await this.outbox.seal(signing), at: new Date(), for: signing.request.id };
    await this.applications.collection.updateOne(
      { _id: new Types.ObjectId(applicationId) },
      { $set: { signingAhead } },
    );
  }

  /** The kept signing, taken (removed) as it is read; undefined when none, or not to be answered from. */
  async take(applicationId: string): Promise<SigningState | undefined> {
    // Whole (FerretDB's findAndModify takes no projection): a small record, read by `_id`.
    const app = await this.applications.collection.findOneAndUpdate(
      { _id: new Types.ObjectId(applicationId), signingAhead: { $exists: true } },
      { $unset: { signingAhead: '' } },
    );
    const kept = app?.signingAhead;
    if (!kept || isApplicationEnd(app.applicationStatus)) return undefined;
    if (!madeFresh(kept, app.signatureId ?? '', SIGNING_AHEAD_FRESH_MS)) return undefined;
    return (await this.outbox.open(kept.sealed)) as SigningState;
  }

  /** Signed answers are about to change: the request kept is about to be voided. */
  async drop(applicationId: string): Promise<void> {
    await this.applications.collection.updateOne(
      { _id: new Types.ObjectId(applicationId), signingAhead: { $exists: true } },
      { $unset: { signingAhead: '' } },
    );
  }
}
