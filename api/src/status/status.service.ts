import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { INITIAL_POSITION, isStageName, type ApplicantStatus, type SharedStatus, API_CODES } from '@portal/libs';
import { getProgress, type SigningState } from '@portal/workflows';
import { ApplicationsService } from '../applications/applications.service';
import { BusinessesService } from '../businesses/businesses.service';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { MailService } from '../mail/mail.service';
import { StagesService } from '../stages/stages.service';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { UsersService } from '../users/users.service';
import { liveStatus, savedStatus } from './progress-view';
import { renderStatusEmail } from './status-email';
import { STATUS_LINK_DAYS, signStatusLink, statusLinkKey, verifyStatusLink } from './status-link';

export const STATUS_LINK_INVALID = API_CODES.statusLinkInvalid;
const DAY = 24 * 3_600_000;

/** 'Where do I stand' (issue 16 item 3): the workflow's progress in the applicant's words. */
@Injectable()
export class StatusService {
  private readonly logger = new Logger(StatusService.name);
  private readonly key: Buffer;

  constructor(
    private readonly workflows: ApplicationWorkflows,
    private readonly applications: ApplicationsService,
    private readonly stages: StagesService,
    private readonly businesses: BusinessesService,
    private readonly users: UsersService,
    private readonly mail: MailService,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
  ) {
    this.key = statusLinkKey(Buffer.from(settings.SESSION_SECRET, 'base64'));
  }

  /** The applicant's own view (the owner check first: another user's id answers 404 like the others). */
  async forOwner(applicationId: string, userId: string): Promise<ApplicantStatus> {
    const app = await this.applications.owned(applicationId, userId);
    return this.status(applicationId, app.applicationStatus);
  }

  /** A co-owner's view through a signed link: the business's name and the steps, no rep, no one's details. */
  async shared(token: unknown): Promise<SharedStatus> {
    const claims = verifyStatusLink(this.key, token);
    const app = claims ? await this.applications.byId(claims.applicationId) : null;
    if (!claims || !app) throw new NotFoundException(STATUS_LINK_INVALID);
    const [status, business] = await Promise.all([
      this.status(claims.applicationId, app.applicationStatus),
      this.businesses.viewFor(claims.applicationId),
    ]);
    const { rep: _rep, ...rest } = status;
    return { ...rest, ...(business?.businessName ? { businessName: business.businessName } : {}) };
  }

  /** Live from the workflow; when Temporal cannot answer, the stage MongoDB saved (never a failed page). */
  private async status(applicationId: string, applicationStatus: string): Promise<ApplicantStatus> {
    try {
      return liveStatus(await this.workflows.query(applicationId, getProgress));
    } catch {
      // The one door has logged why (without PII); the page still shows what is saved.
      const [saved] = await this.stages.forApplications([applicationId]);
      const name = saved?.pageName;
      const at = saved && isStageName(name) ? { pageName: name, pageStep: saved.pageStep } : INITIAL_POSITION;
      return savedStatus(at, applicationStatus);
    }
  }

  /** The link a co-owner gets, valid STATUS_LINK_DAYS. */
  linkFor(applicationId: string, signRequestId: string, now = Date.now()): string {
    const token = signStatusLink(this.key, { applicationId, signRequestId, expiresAt: now + STATUS_LINK_DAYS * DAY });
    return `${this.settings.PUBLIC_URL}/status/shared/${token}`;
  }

  /**
   * After startSigning: each co-owner still to sign (every signer after the first, who signs here in the
   * portal) gets one email per sign request with their status link. In the background: signing never
   * waits for the mail server, and a failure is logged with the application id only.
   */
  notifyCoOwners(applicationId: string, userId: string, signing: SigningState): void {
    const coOwners = signing.request.signers.filter((s) => s.order > 1 && s.decision === null && !signing.signed);
    if (coOwners.length === 0) return;
    const send = async () => {
      if (!(await this.applications.claimStatusLink(applicationId, signing.request.id))) return;
      const [user, business] = await Promise.all([this.users.findById(userId), this.businesses.viewFor(applicationId)]);
      const email = renderStatusEmail({
        applicantFirstName: user?.firstName,
        businessName: business?.businessName,
        statusUrl: this.linkFor(applicationId, signing.request.id),
        language: user?.language,
      });
      for (const s of coOwners) await this.mail.send(s.email, email);
    };
    send().catch((e: Error) =>
      this.logger.error({ msg: 'co-owner status email failed', applicationId, error: e.message }),
    );
  }
}
