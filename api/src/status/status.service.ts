import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  INITIAL_POSITION,
  OPTIONAL_DOCUMENTS,
  isStageName,
  type ApplicantStatus,
  type CoOwnerSigning,
  type MissingDocument,
  type SharedStatus,
  API_CODES,
  FILE_TYPES,
  languageOf,
} from '@portal/libs';
import { SIGN_ENDED_STATUSES, getProgress, getSignerLink, type SigningState } from '@portal/workflows';
import { ApplicationProgress, type ProgressSource } from '../applications/application-progress.service';
import type { ApplicationDocument } from '../applications/application.schema';
import { APPLICATION_STATUS_SUBMITTED, ApplicationsService } from '../applications/applications.service';
import { BusinessesService } from '../businesses/businesses.service';
import { RateLimiter } from '../common/rate-limit';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { FilesService } from '../files/files.service';
import { MailService } from '../mail/mail.service';
import { OwnersService } from '../owners/owners.service';
import { StagesService } from '../stages/stages.service';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { UsersService } from '../users/users.service';
import { hasEnded, liveStatus, namedSignatures, savedStatus, signRequestNow } from './progress-view';
import { Kept } from '../common/kept';
import { renderStatusEmail } from './status-email';
import {
  STATUS_LINK_DAYS,
  signLinkKey,
  signSignLink,
  signStatusLink,
  statusLinkKey,
  verifySignLink,
  verifyStatusLink,
} from './status-link';

export const STATUS_LINK_INVALID = API_CODES.statusLinkInvalid;
/** A co-owner's invitation has nothing to resend: no open request, or every co-owner has signed. */
export const NOTHING_TO_RESEND = API_CODES.invitationNotNeeded;
const DAY = 24 * 3_600_000;
/** The applicant may resend a co-owner's invitation this often (per application and per user). */
export const RESEND_LIMIT = { max: 3, windowSeconds: 60 * 60 };
const isOptionalDocument = (d: string): d is MissingDocument => (OPTIONAL_DOCUMENTS as readonly string[]).includes(d);

@Injectable()
export class StatusService {
  private readonly logger = new Logger(StatusService.name);
  private readonly key: Buffer;
  private readonly signKey: Buffer;
  /** A closed application's view built from its record's kept fields, which never change (forOwner). */
  private readonly closedViews = new Kept<ApplicantStatus>(10 * 60_000, 5_000);

  constructor(
    private readonly workflows: ApplicationWorkflows,
    private readonly applications: ApplicationsService,
    private readonly stages: StagesService,
    private readonly businesses: BusinessesService,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly owners: OwnersService,
    private readonly files: FilesService,
    private readonly limiter: RateLimiter,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
    private readonly progress: ApplicationProgress,
  ) {
    const secret = Buffer.from(settings.SESSION_SECRET, 'base64');
    this.key = statusLinkKey(secret);
    this.signKey = signLinkKey(secret);
  }

  /**
   * The applicant's own view (the owner check first: another user's id answers 404 like the others):
   * the owners named as typed on /owners, and after submission the documents marked 'I don't have this'.
   * Once built from the closed run's final progress and what is kept beside it, none of which changes
   * again, the view itself is kept: the status page's poll then costs only the owner check (in memory).
   */
  async forOwner(applicationId: string, userId: string): Promise<ApplicantStatus> {
    const closed = this.closedViews.get(applicationId);
    if (closed) {
      await this.applications.checkOwner(applicationId, userId);
      return closed;
    }
    const app = await this.applications.owned(applicationId, userId);
    const final = !!(app.progress && app.missingDocuments && app.ownerNames);
    const [status, names] = await Promise.all([
      this.status(app),
      final ? app.ownerNames! : this.owners.namesOf(applicationId),
    ]);
    const signatures = namedSignatures(status, names);
    const missingDocuments = status.ended === 'submitted' ? await this.missingDocuments(app, names) : [];
    const view = {
      ...status,
      ...(signatures ? { signatures } : {}),
      ...(missingDocuments.length ? { missingDocuments } : {}),
    };
    if (final) this.closedViews.put(applicationId, view);
    return view;
  }

  /**
   * The optional documents marked 'I don't have this'. Nothing is uploaded or removed once the record says
   * submitted (document-slots, FilesService.remove), and a submitted application is signed, so its owners
   * no longer change (the workflow refuses a revision of signed answers): both are kept on the record by
   * the first read then, and the status page's poll reads neither files nor owners.
   */
  private async missingDocuments(app: ApplicationDocument, names: string[]): Promise<MissingDocument[]> {
    if (app.missingDocuments && app.ownerNames) return app.missingDocuments.filter(isOptionalDocument);
    const types = app.missingDocuments ? undefined : await this.files.typesOf(app._id);
    const missing = app.missingDocuments ?? OPTIONAL_DOCUMENTS.filter((d) => !types!.has(FILE_TYPES[d]));
    if (app.applicationStatus === APPLICATION_STATUS_SUBMITTED)
      await this.applications.keepSubmittedView(app._id, missing, names).catch((e: Error) => {
        this.logger.warn({ msg: 'missing documents not kept', applicationId: String(app._id), error: e.message });
      });
    return missing.filter(isOptionalDocument);
  }

  /**
   * A co-owner's view through a signed link: the business's name, the steps and the owners by name (as the
   * applicant's view names them), no rep, no one's other details.
   */
  async shared(token: unknown): Promise<SharedStatus> {
    const claims = verifyStatusLink(this.key, token);
    const app = claims ? await this.applications.byId(claims.applicationId) : null;
    if (!claims || !app) throw new NotFoundException(STATUS_LINK_INVALID);
    // A link works while its sign request is the application's and its co-owner is still an owner: one the
    // applicant removed loses the page at once (those on a new request got a new link by email). When
    // Temporal cannot answer, the saved status is shown rather than no page. One read of the progress
    // serves both.
    const progress = await this.progress.of(app).catch(() => undefined);
    const now = progress && signRequestNow(progress);
    if (now && (now.id !== claims.signRequestId || !(await this.stillOwner(claims.applicationId, now.coOwners))))
      throw new NotFoundException(STATUS_LINK_INVALID);
    const [status, business, names] = await Promise.all([
      progress ? liveStatus(progress) : this.savedStatus(claims.applicationId, app.applicationStatus),
      this.businesses.viewFor(claims.applicationId),
      this.owners.namesOf(claims.applicationId),
    ]);
    const { rep: _rep, ...rest } = status;
    // The owners by the names the applicant's own view shows (not 'Owner 1'): the co-owner knows them.
    const signatures = namedSignatures(status, names);
    // The holder is the co-owner (the second signer: at most two owners sign). While their signature is
    // still to come on the request the link was sent for, the page offers their own signing link.
    const you = status.signatures?.find((s) => s.order > 1);
    const canSign = you && !you.signed && status.signingOpen && now?.id === claims.signRequestId;
    return {
      ...rest,
      ...(signatures ? { signatures } : {}),
      ...(business?.businessName ? { businessName: business.businessName } : {}),
      ...(you ? { you: you.order } : {}),
      ...(canSign ? { signPath: this.signPathFor(claims.applicationId, claims.signRequestId, you.order) } : {}),
    };
  }

  /** Whether a co-owner the request was sent to is still among the application's owners. */
  private async stillOwner(applicationId: string, coOwners: string[]): Promise<boolean> {
    const owners = await this.owners.emailsOf(applicationId);
    return coOwners.some((e) => owners.includes(e));
  }

  /**
   * GET /status/sign/{token}: a co-owner's signing link. Opens their own signing session (their signer's
   * embed URL on the request the link was made for), never anyone else's; says so when their signature
   * is recorded, when an earlier signer has not signed yet, or when the request has ended or been replaced.
   */
  async coOwnerSigning(token: unknown): Promise<CoOwnerSigning> {
    const claims = verifySignLink(this.signKey, token);
    const app = claims ? await this.applications.byId(claims.applicationId) : null;
    if (!claims || !app) throw new NotFoundException(STATUS_LINK_INVALID);
    const [progress, business, owners] = await Promise.all([
      this.progress.of(app),
      this.businesses.viewFor(claims.applicationId),
      this.owners.emailsOf(claims.applicationId),
    ]);
    const named = business?.businessName ? { businessName: business.businessName } : {};
    const signing = progress.signing;
    if (!signing || signing.request.id !== claims.signRequestId) return { state: 'closed', ...named };
    const signer = signing.request.signers.find((s) => s.order === claims.order);
    if (!signer) return { state: 'closed', ...named };
    // Only current owners sign: a co-owner the applicant removed (or replaced) loses the link at once, as
    // their status link does, whatever the request's state (its void at Box may still be under way).
    if (!owners.includes(signer.email.trim().toLowerCase())) throw new NotFoundException(STATUS_LINK_INVALID);
    if (signing.signed || signer.decision === 'signed') return { state: 'signed', ...named };
    if (signer.decision || SIGN_ENDED_STATUSES.includes(signing.request.status) || hasEnded(progress))
      return { state: 'closed', ...named };
    const earlier = signing.request.signers.some((s) => s.order < signer.order && s.decision !== 'signed');
    if (earlier) return { state: 'waiting', ...named };
    // getProgress holds no live links (operators read it); this signer's own comes from its own query.
    const url = await this.workflows.query(claims.applicationId, getSignerLink, signer.order);
    if (!url) return { state: 'waiting', ...named };
    return { state: 'ready', url };
  }

  /**
   * POST /application/{id}/co-owner-invitation: the applicant sends each co-owner still to sign their
   * email again, with fresh links for the open request. Owner-checked, then limited per application.
   */
  async resendInvitation(applicationId: string, userId: string): Promise<{ sent: number }> {
    await this.applications.checkOwner(applicationId, userId);
    await this.limiter.hit(
      { key: `co-owner-invite:app:${applicationId}`, ...RESEND_LIMIT },
      { key: `co-owner-invite:user:${userId}`, max: RESEND_LIMIT.max * 2, windowSeconds: RESEND_LIMIT.windowSeconds },
    );
    const progress = await this.workflows.query(applicationId, getProgress);
    const signing = progress.signing;
    const open = signing && !signing.signed && !SIGN_ENDED_STATUSES.includes(signing.request.status);
    const coOwners = open ? signing.request.signers.filter((s) => s.order > 1 && s.decision === null) : [];
    if (!signing || coOwners.length === 0) throw new ConflictException(NOTHING_TO_RESEND);
    await this.mailCoOwners(applicationId, userId, signing.request.id, coOwners);
    return { sent: coOwners.length };
  }

  /**
   * From the workflow (a closed run's kept progress, ApplicationProgress); when Temporal cannot answer, the
   * stage MongoDB saved (never a failed page).
   */
  private async status(app: ProgressSource & { applicationStatus: string }): Promise<ApplicantStatus> {
    const progress = await this.progress.of(app).catch(() => undefined);
    return progress ? liveStatus(progress) : this.savedStatus(String(app._id), app.applicationStatus);
  }

  /** The one door has logged why Temporal could not answer (without PII); the page still shows what is saved. */
  private async savedStatus(applicationId: string, applicationStatus: string): Promise<ApplicantStatus> {
    const [saved] = await this.stages.forApplications([applicationId]);
    const name = saved?.pageName;
    const at = saved && isStageName(name) ? { pageName: name, pageStep: saved.pageStep } : INITIAL_POSITION;
    return savedStatus(at, applicationStatus);
  }

  /** The link a co-owner gets, valid STATUS_LINK_DAYS. */
  linkFor(applicationId: string, signRequestId: string, now = Date.now(), language?: string): string {
    const token = signStatusLink(this.key, { applicationId, signRequestId, expiresAt: now + STATUS_LINK_DAYS * DAY });
    return `${this.settings.PUBLIC_URL}/status/shared/${token}${language ? `?lng=${languageOf(language)}` : ''}`;
  }

  /** The path of a co-owner's signing link (one signer of one request), valid STATUS_LINK_DAYS. */
  signPathFor(applicationId: string, signRequestId: string, order: number, now = Date.now()): string {
    const token = signSignLink(this.signKey, {
      applicationId,
      signRequestId,
      order,
      expiresAt: now + STATUS_LINK_DAYS * DAY,
    });
    return `/co-owner/sign/${token}`;
  }

  /** Each co-owner's email: their own signing link and the status link, in the applicant's language. */
  private async mailCoOwners(
    applicationId: string,
    userId: string,
    signRequestId: string,
    coOwners: { email: string; order: number }[],
  ) {
    const [user, business] = await Promise.all([this.users.findById(userId), this.businesses.viewFor(applicationId)]);
    const language = languageOf(user?.language);
    for (const s of coOwners) {
      const email = renderStatusEmail({
        applicantFirstName: user?.firstName,
        businessName: business?.businessName,
        statusUrl: this.linkFor(applicationId, signRequestId, Date.now(), language),
        signUrl: `${this.settings.PUBLIC_URL}${this.signPathFor(applicationId, signRequestId, s.order)}?lng=${language}`,
        language,
      });
      await this.mail.send(s.email, email);
    }
  }

  /**
   * After startSigning: each co-owner still to sign (every signer after the first, who signs here in the
   * portal) gets one email per sign request with their own signing link and their status link. In the
   * background: signing never waits for the mail server, and a failure is logged with the application id only.
   */
  notifyCoOwners(applicationId: string, userId: string, signing: SigningState): void {
    const coOwners = signing.request.signers.filter((s) => s.order > 1 && s.decision === null && !signing.signed);
    if (coOwners.length === 0) return;
    const send = async () => {
      if (!(await this.applications.claimStatusLink(applicationId, signing.request.id))) return;
      await this.mailCoOwners(applicationId, userId, signing.request.id, coOwners);
    };
    send().catch((e: Error) =>
      this.logger.error({ msg: 'co-owner status email failed', applicationId, error: e.message }),
    );
  }
}
