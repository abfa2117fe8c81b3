import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ACCOUNT_CODES, maskEmail, phoneE164, type RegisterAnswer } from '@portal/libs';
import type { CrmLeadInput } from '@portal/workflows';
import { ApplicationsService } from '../applications/applications.service';
import { BusinessesService } from '../businesses/businesses.service';
import { OffersService } from '../offers/offers.service';
import { OwnersService } from '../owners/owners.service';
import { StagesService } from '../stages/stages.service';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import type { UserDocument } from '../users/user.schema';
import { UsersService } from '../users/users.service';
import { MailService } from '../mail/mail.service';
import type { RegisterDto } from './auth.dto';
import { RateLimiter, TooManyRequestsError } from '../common/rate-limit';
import { CodesService } from './codes.service';
import { isCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword, type Hasher } from './password-hashing';
import { UnconfirmedSignUps } from './unconfirmed-sign-ups';

/** The phone as stored and sent to the CRM: E.164, in whichever form it was sent (the DTO has judged it). */
const storedPhone = (phone: string): string => phoneE164(phone) ?? phone;

/**
 * Sign-up creates the applicant's records through each feature's service, every step a find-or-create
 * on a unique key (common/find-or-create.ts): a sign-up that failed half-way is finished by the next try.
 */
@Injectable()
export class SignUpService {
  constructor(
    private readonly users: UsersService,
    private readonly applications: ApplicationsService,
    private readonly businesses: BusinessesService,
    private readonly owners: OwnersService,
    private readonly offers: OffersService,
    private readonly stages: StagesService,
    private readonly workflows: ApplicationWorkflows,
    private readonly codes: CodesService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    private readonly unconfirmed: UnconfirmedSignUps,
  ) {}

  /**
   * The server-side sign-up sequence: user, application, business, owner set, then offer and stage, and
   * finally the confirmation code by email. The CRM lead and the application's workflow (which checks the
   * affiliate, creates the lead, reads its owner and sends the reminders) wait for the emailed code
   * (startJourney): an address nobody confirmed must not reach the sales team or be sent reminders.
   * There are no transactions on FerretDB, so every step is find-or-create on a unique key: a sign-up
   * that failed half-way is finished by the next try with the same email and password.
   */
  /** `who`: the browser signing up, for its turn at hashing the password (password-hashing.ts). */
  async register(dto: RegisterDto, who: Hasher): Promise<RegisterAnswer> {
    if (isCommonPassword(dto.password))
      throw new BadRequestException({
        message: ACCOUNT_CODES.commonPassword,
        fields: { password: ACCOUNT_CODES.commonPassword },
      });
    const userName = dto.email.trim().toLowerCase();
    const { user, created } = (await this.userFor(userName, dto, who)) ?? {};
    const answer: RegisterAnswer = { destination: maskEmail(userName), deliveryMedium: 'EMAIL', userName };
    if (!user) {
      // The address has an account: the answer is a new account's, so it tells nobody the address is
      // taken; the address's owner is told instead (at most once in 15 minutes, so this cannot flood them).
      const taken = await this.users.findByUserName(userName);
      if (taken && (await this.limiter.once(`account-exists:${userName}`, 15 * 60)))
        this.mail.sendCodeInBackground(userName, 'account-exists', '', taken.firstName, taken.language);
      return answer;
    }
    // A user made by this request names an application id made with it: its records are all new, so each
    // is inserted first (a retried sign-up, whose records may stand, reads first).
    const application = await this.applications.ensureForUser(user, created);
    const applicationId = application._id;
    const business = await this.businesses.ensureFor(
      applicationId,
      { businessName: dto.businessName.trim(), businessEmail: userName },
      created,
    );
    await this.records(applicationId, business._id, created);
    // Noted once all of it stands, so the first confirmation skips ensuring them again.
    if (!user.signUpFinished) await this.users.update(user._id, { signUpFinished: true });
    try {
      const code = await this.codes.issue(userName, 'confirm-sign-up');
      this.mail.sendCodeInBackground(userName, 'confirm-sign-up', code, user.firstName, dto.language ?? user.language);
    } catch (e) {
      // A retried sign-up within 30 seconds: the code sent moments ago is still good.
      if (!(e instanceof TooManyRequestsError)) throw e;
    }
    return answer;
  }

  /** The records after the business: owner set, then offer and stage. */
  private async records(applicationId: Types.ObjectId, businessId: Types.ObjectId, likelyNew = false) {
    await this.owners.ensureFor(applicationId, businessId, likelyNew);
    await Promise.all([
      this.offers.ensureFor(applicationId, likelyNew),
      this.stages.ensureFor(applicationId, likelyNew),
    ]);
  }

  /**
   * At the first proof of the address (the sign-up code, or a password reset's): the CRM lead and the
   * application's workflow start. A sign-up whose api stopped after its business was saved is finished
   * here too, or the account would open on an application with no records. Every step is a find-or-create
   * and the workflow start keeps a running workflow, so a repeat changes nothing.
   * A sign-up that stopped before its business was saved holds no business name to make the lead with:
   * its applicant is asked to sign up again (their password continues it).
   */
  async startJourney(user: UserDocument): Promise<void> {
    const applicationId =
      user.signUpFinished && user.applicationId
        ? user.applicationId
        : (await this.applications.ensureForUser(user))._id;
    const business = await this.businesses.ofApplication(applicationId);
    if (!business?.businessName) throw new ConflictException(ACCOUNT_CODES.somethingWentWrong);
    if (!user.signUpFinished) await this.records(applicationId, business._id);
    const lead: CrmLeadInput = {
      applicationId: applicationId.toHexString(),
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.userName,
      phone: user.phone,
      company: business.businessName,
      // As the applicant gave it: the workflow checks it against the CRM before it is stored.
      ...(user.affiliateId ? { affiliateId: user.affiliateId } : {}),
    };
    await this.workflows.start({ applicationId: lead.applicationId, lead });
  }

  /** The user to sign up, or undefined when the address belongs to someone else's account. */
  private async userFor(
    userName: string,
    dto: RegisterDto,
    who: Hasher,
  ): Promise<{ user: UserDocument; created: boolean } | undefined> {
    // The name's key first: a sign-up that stopped after it finds the same user id on its next try.
    const { userId, made } = await this.users.idFor(userName);
    const existing = made ? null : await this.users.findById(userId);
    if (existing && this.unconfirmed.expired(existing)) {
      // Nobody confirmed it in time: the address is free again, for whoever signs up with it now.
      await this.unconfirmed.remove(existing);
      return this.userFor(userName, dto, who);
    }
    if (existing) {
      // Only the same person, not yet confirmed, may continue an interrupted sign-up (and get a new
      // code). Checking the password costs what hashing a new one does, so the time tells nothing.
      const samePerson = await verifyPassword(existing.passwordHash, dto.password, who);
      return !existing.confirmed && samePerson ? { user: existing, created: false } : undefined;
    }
    try {
      const user = await this.users.create({
        _id: userId,
        applicationId: new Types.ObjectId(),
        userName,
        email: userName,
        firstName: dto.firstName.trim(),
        lastName: dto.lastName.trim(),
        phone: storedPhone(dto.phone),
        passwordHash: await hashPassword(dto.password, who),
        bankVerified: false,
        ...(dto.language ? { language: dto.language } : {}),
        ...(dto.affiliateId ? { affiliateId: dto.affiliateId } : {}),
      });
      return { user, created: true };
    } catch (e) {
      // A parallel sign-up with the same address won the insert: judge this one against what it made.
      if ((e as { code?: number }).code === 11000) return this.userFor(userName, dto, who);
      throw e;
    }
  }
}
