import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { Types } from 'mongoose';
import { ACCOUNT_MESSAGES, maskEmail, type RegisterAnswer } from '@portal/libs';
import { ApplicationsService } from '../applications/applications.service';
import { BusinessesService } from '../businesses/businesses.service';
import { OffersService } from '../offers/offers.service';
import { OwnersService } from '../owners/owners.service';
import { StagesService } from '../stages/stages.service';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { UsersService } from '../users/users.service';
import { MailService } from '../mail/mail.service';
import type { RegisterDto } from './auth.dto';
import { TooManyRequestsError } from '../common/rate-limit';
import { CodesService } from './codes.service';
import { isCommonPassword } from './common-passwords';

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
  ) {}

  /**
   * The server-side sign-up sequence: user, application, business, owner set, then offer and stage,
   * then the application's workflow (which checks the affiliate, creates the CRM lead and reads its
   * owner, with retries), and finally the confirmation code by email.
   * There are no transactions on FerretDB, so every step is find-or-create on a unique key: a sign-up
   * that failed half-way is finished by the next try with the same email and password.
   */
  async register(dto: RegisterDto): Promise<RegisterAnswer> {
    if (isCommonPassword(dto.password))
      throw new BadRequestException({
        message: ACCOUNT_MESSAGES.commonPassword,
        fields: { password: ACCOUNT_MESSAGES.commonPassword },
      });
    const userName = dto.email.trim().toLowerCase();
    const user = await this.userFor(userName, dto);
    // The affiliate id is stored only once the workflow has checked it against the CRM.
    const application = await this.applications.ensureForUser(user);
    const applicationId = application._id;
    const business = await this.businesses.ensureFor(applicationId, {
      businessName: dto.businessName.trim(),
      businessEmail: userName,
    });
    await this.owners.ensureFor(applicationId, business._id);
    await Promise.all([this.offers.ensureFor(applicationId), this.stages.ensureFor(applicationId)]);
    await this.workflows.start({
      applicationId: applicationId.toHexString(),
      lead: {
        applicationId: applicationId.toHexString(),
        firstName: dto.firstName.trim(),
        lastName: dto.lastName.trim(),
        email: userName,
        phone: dto.phone,
        company: dto.businessName.trim(),
        ...(dto.affiliateId ? { affiliateId: dto.affiliateId } : {}),
      },
    });
    try {
      const code = await this.codes.issue(userName, 'confirm-sign-up');
      this.mail.sendCodeInBackground(userName, 'confirm-sign-up', code, user.firstName, dto.language ?? user.language);
    } catch (e) {
      // A retried sign-up within 30 seconds: the code sent moments ago is still good.
      if (!(e instanceof TooManyRequestsError)) throw e;
    }
    return { destination: maskEmail(userName), deliveryMedium: 'EMAIL', userName };
  }

  private async userFor(userName: string, dto: RegisterDto) {
    // The name's key first: a sign-up that stopped after it finds the same user id on its next try.
    const userId = await this.users.idFor(userName);
    const existing = await this.users.findById(userId);
    if (existing) {
      // Only the same person, not yet confirmed, may continue an interrupted sign-up (and get a new
      // code); anyone else is told to log in.
      if (existing.confirmed || !(await verify(existing.passwordHash, dto.password))) {
        throw new ConflictException(ACCOUNT_MESSAGES.accountExists);
      }
      return existing;
    }
    try {
      return await this.users.create({
        _id: userId,
        applicationId: new Types.ObjectId(),
        userName,
        email: userName,
        firstName: dto.firstName.trim(),
        lastName: dto.lastName.trim(),
        phone: dto.phone,
        passwordHash: await hash(dto.password, { algorithm: Algorithm.Argon2id }),
        bankVerified: false,
        ...(dto.language ? { language: dto.language } : {}),
      });
    } catch (e) {
      if ((e as { code?: number }).code === 11000) throw new ConflictException(ACCOUNT_MESSAGES.accountExists);
      throw e;
    }
  }
}
