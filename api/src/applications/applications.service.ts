import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { API_CODES, APPLICATION_STATUS_SUBMITTED } from '@portal/libs';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Types, type Model } from 'mongoose';
import type { LeadChange } from '@portal/libs';
import { documentUploaded, reviseAnswers, updateLead, type StoredDocument } from '@portal/workflows';
import { atSigningMark } from '../common/signed-answers';
import { readById, type Stored } from '../common/driver-read';
import { findOrCreate } from '../common/find-or-create';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { WorkflowLeadChanges } from '../temporal/workflow-lead-changes';
import { User } from '../users/user.schema';
import { Application, SignatureKey, type ApplicationDocument } from './application.schema';
import { SigningAhead } from './signing-ahead';

/** Some of an application's fields, as a read's projection. */
export type ApplicationFields = Partial<Record<keyof Application, 1>>;

/** What finding a user's application needs of the user record. */
export type UserWithApplication = { _id: Types.ObjectId; applicationId?: Types.ObjectId | null };

export const APPLICATION_NOT_FOUND = API_CODES.applicationNotFound;
export { APPLICATION_STATUS_SUBMITTED };

/**
 * Application id → its owner's user id, as read (an application's owner is set when it is made and never
 * changes). Bounded: past `max` entries the oldest learned go first.
 */
export class OwnerMemory {
  private readonly owners = new Map<string, string>();
  constructor(private readonly max = 50_000) {}
  get(applicationId: string): string | undefined {
    return this.owners.get(applicationId);
  }
  learn(applicationId: string, userId: string): void {
    if (this.owners.has(applicationId)) return;
    if (this.owners.size >= this.max) this.owners.delete(this.owners.keys().next().value!);
    this.owners.set(applicationId, userId);
  }
}

/** Every record hangs off an application; this is where it is checked against the signed-in user. */
@Injectable()
export class ApplicationsService {
  private readonly logger = new Logger(ApplicationsService.name);
  private readonly owners = new OwnerMemory();
  /**
   * User id → the id of the application its user record names (set when the user is made, never changed),
   * as read: a signed-in call that names only its user (the signature status poll, the rep) reads the
   * application alone (one read fewer per poll). The application's owner is still checked.
   */
  private readonly applicationOf = new OwnerMemory();

  constructor(
    @InjectModel(Application.name) private readonly applications: Model<Application>,
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(SignatureKey.name) private readonly signatures: Model<SignatureKey>,
    private readonly workflows: ApplicationWorkflows,
    private readonly leadChanges: WorkflowLeadChanges,
    private readonly signingAhead: SigningAhead,
  ) {}

  /**
   * Hands a change of the answers the lead mirrors (in the portal's words) to the application's workflow,
   * which maps and writes it to the CRM with retries. Kept in MongoDB and handed over with the
   * stage move that follows the save, or alone shortly after (WorkflowLeadChanges), so that a page's saves
   * and its move cost the workflow one message. The applicant's record is already saved, so a failure to
   * keep it is logged for operators and not thrown.
   */
  async updateLead(applicationId: string, change: LeadChange): Promise<void> {
    await this.leadChanges.add(applicationId, change).catch((e: Error) => {
      this.logger.error({ msg: 'lead change not kept; signalled', applicationId, error: e.message });
      return this.workflows.signal(applicationId, updateLead, change).catch(() => undefined); // logged by the door
    });
  }

  /**
   * Before a save of answers the application PDF shows (common/signed-answers.ts): when it changes them and
   * a sign request was built from the record (`mark`), the workflow voids the open request or refuses (409
   * SIGNED_ANSWERS_LOCKED once signed). Answers the part of the write's filter that holds it to the mark read.
   * The signing kept from the move onto the signature goes first: the signature page asks the workflow.
   */
  async reviseSignedAnswers(
    applicationId: string,
    mark: number | null | undefined,
    changed: boolean,
  ): Promise<Record<string, unknown>> {
    if (!changed) return {};
    if (mark !== undefined && mark !== null) {
      await this.signingAhead.drop(applicationId);
      await this.workflows.update(applicationId, reviseAnswers, []);
    }
    return atSigningMark(mark);
  }

  /** Hands an uploaded document to the workflow, which copies it to the CRM opportunity in the background. */
  async documentUploaded(applicationId: string, document: StoredDocument): Promise<void> {
    await this.workflows.signal(applicationId, documentUploaded, document).catch(() => undefined); // logged by the door
  }

  /**
   * Sign-up's find-or-create of the user's one application, under the id the user record names (by
   * `_id`, which FerretDB serves from its index). A user without one (made before users named their
   * application) is looked up by userId, which scans on FerretDB.
   */
  ensureForUser(user: UserWithApplication, likelyNew = false): Promise<ApplicationDocument> {
    return user.applicationId
      ? findOrCreate(this.applications, { _id: user.applicationId }, { userId: user._id }, likelyNew)
      : findOrCreate(this.applications, { userId: user._id }, {});
  }

  /**
   * The user's applications, plain, in creation order (one today: the one the user record names); only the
   * `fields` asked for when given (a submitted application's progress is the bulk of its record).
   */
  async forUser(who: UserWithApplication | string, fields?: ApplicationFields) {
    const known = typeof who === 'string' ? this.applicationOf.get(who) : undefined;
    const user =
      typeof who !== 'string'
        ? who
        : known
          ? { _id: new Types.ObjectId(who), applicationId: new Types.ObjectId(known) }
          : isValidObjectId(who)
            ? await readById(this.users, who, { applicationId: 1 })
            : null;
    if (!user) return [];
    if (user.applicationId) this.applicationOf.learn(String(user._id), String(user.applicationId));
    const projection = fields && { ...fields, userId: 1 as const };
    if (!user.applicationId)
      return this.applications.find({ userId: user._id }, projection).sort({ _id: 1 }).lean<Stored<Application>[]>();
    const app = await this.ownedBy(user.applicationId, user._id, fields);
    return app ? [app] : [];
  }

  /** The application by its id when it is the user's (else null); only the `fields` asked for when given. */
  async ownedBy(applicationId: Types.ObjectId | string, userId: Types.ObjectId | string, fields?: ApplicationFields) {
    const app = await readById(this.applications, applicationId, fields && { ...fields, userId: 1 });
    // Its owner, learnt for checkOwner as `owned` does (the session's read comes before a page's first call).
    if (app) this.owners.learn(String(app._id), String(app.userId));
    return app && String(app.userId) === String(userId) ? app : null;
  }

  /** The user's application as this replica learnt it from an earlier read (a user's application never changes). */
  knownApplicationOf(userId: string): string | undefined {
    return this.applicationOf.get(userId);
  }

  /** The user's application (plain, as read) that holds this CRM opportunity or sign request, if any. */
  async findForUser(user: UserWithApplication | string, by: { sfOpportunityId: string } | { signatureId: string }) {
    const [app] = await this.forUser(user);
    const holds =
      app &&
      ('sfOpportunityId' in by ? app.sfOpportunityId === by.sfOpportunityId : app.signatureId === by.signatureId);
    return holds ? app : null;
  }

  /** The application a Box webhook's sign request belongs to (the webhook has no user). */
  async findBySignature(signatureId: string) {
    // By the lookup document's `_id`, then the application's (which must still name the request).
    const key = await this.signatures.findById(signatureId).lean();
    const app = key ? await this.applications.findOne({ _id: key.applicationId, signatureId }) : null;
    return app ? { app, signers: key?.signers } : null;
  }

  /** The user's application (sign-up made it); 404 when there is none. */
  async changeForUser(
    user: UserWithApplication | string,
    changes: Partial<Pick<Application, 'topUp'>>,
  ): Promise<ApplicationDocument> {
    const [app] = await this.forUser(user);
    const found = app ? await this.applications.findById(app._id) : null;
    if (!found) throw new NotFoundException(APPLICATION_NOT_FOUND);
    return this.change(found, changes);
  }

  async change(app: ApplicationDocument, changes: Partial<Pick<Application, 'topUp'>>): Promise<ApplicationDocument> {
    if (Object.keys(changes).length === 0) return app;
    app.set(changes);
    return app.save();
  }

  /**
   * The workflow took the bank statements' submission: the session answers so from now on, with or without an
   * opportunity (a CRM outage leaves the conversion waiting in the workflow). One write, no read.
   */
  async markStatementsSubmitted(applicationId: string): Promise<void> {
    await this.applications.collection.updateOne(
      { _id: new Types.ObjectId(applicationId) },
      { $set: { statementsSubmitted: true } },
    );
  }

  /** The optional documents the submitted application went without and its owners' names (frozen once submitted). */
  async keepSubmittedView(applicationId: Types.ObjectId, missing: string[], ownerNames: string[]): Promise<void> {
    await this.applications.collection.updateOne(
      { _id: applicationId },
      { $set: { missingDocuments: missing, ownerNames } },
    );
  }

  /** The application is submitted (its status and accepted date). */
  async markSubmitted(app: ApplicationDocument): Promise<void> {
    if (app.applicationStatus === APPLICATION_STATUS_SUBMITTED) return;
    app.set({ applicationStatus: APPLICATION_STATUS_SUBMITTED, acceptedDate: new Date() });
    await app.save();
  }

  /**
   * Claims the sending of the co-owners' status link for this sign request: true once per request (a
   * reload, a retry or a parallel request finds it claimed), so each co-owner gets one email per request.
   */
  async claimStatusLink(applicationId: string, signRequestId: string): Promise<boolean> {
    const res = await this.applications.updateOne(
      { _id: applicationId, statusLinkSentFor: { $ne: signRequestId } },
      { $set: { statusLinkSentFor: signRequestId } },
    );
    return res.modifiedCount === 1;
  }

  /** An application by id, for a caller that proved its right some other way (a signed status link). */
  byId(applicationId: string) {
    return isValidObjectId(applicationId) ? this.applications.findById(applicationId) : null;
  }

  /** The application as answers show it. */
  view(a: ApplicationDocument) {
    return {
      _id: String(a._id),
      userId: String(a.userId),
      sfLeadId: a.sfLeadId,
      sfLeadOwnerId: a.sfLeadOwnerId,
      sfOpportunityId: a.sfOpportunityId,
      applicationStatus: a.applicationStatus,
      acceptedDate: a.acceptedDate,
      topUp: a.topUp,
      affiliateId: a.affiliateId,
    };
  }

  /** The application when it is the user's; another user's id answers 404, exactly like a missing one. */
  async owned(applicationId: string, userId: string): Promise<ApplicationDocument> {
    // By _id alone, then the owner: FerretDB serves only a lone _id filter from an index and scans the
    // collection for anything more (a second key included); MongoDB answers both alike.
    const found = isValidObjectId(applicationId) ? await this.applications.findById(applicationId) : null;
    if (found) this.owners.learn(String(found._id), String(found.userId));
    if (!found || String(found.userId) !== String(userId)) throw new NotFoundException(APPLICATION_NOT_FOUND);
    return found;
  }

  /**
   * Only the check of `owned` (404 unless the application is the user's), for a caller that reads what it
   * needs by the application's id itself: an application's owner never changes and applications are never
   * removed, so an owner read once is kept in memory (one read fewer on most signed-in calls).
   * Answers the application's id as stored.
   */
  async checkOwner(applicationId: string, userId: string): Promise<string> {
    // Kept under the id's own spelling (24 lower-case hex digits); any other spelling is read.
    let id = applicationId;
    let owner = /^[0-9a-f]{24}$/.test(applicationId) ? this.owners.get(applicationId) : undefined;
    if (owner === undefined) {
      const found = isValidObjectId(applicationId)
        ? await this.applications.findById(applicationId, { userId: 1 }).lean()
        : null;
      if (found) this.owners.learn((id = String(found._id)), (owner = String(found.userId)));
    }
    if (owner === undefined || owner !== String(userId)) throw new NotFoundException(APPLICATION_NOT_FOUND);
    return id;
  }
}
