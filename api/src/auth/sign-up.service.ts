import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import type { FilterQuery, HydratedDocument, Model, Types } from 'mongoose';
import { ACCOUNT_MESSAGES, INITIAL_POSITION, maskEmail, type RegisterAnswer } from '@portal/libs';
import { Application } from '../applications/application.schema';
import { Business } from '../businesses/business.schema';
import { Offer } from '../offers/offer.schema';
import { OwnerSet } from '../owners/owner-set.schema';
import { Stage } from '../stages/stage.schema';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { User } from '../users/user.schema';
import { MailService } from '../mail/mail.service';
import type { RegisterDto } from './auth.dto';
import { TooManyRequestsError } from '../common/rate-limit';
import { CodesService } from './codes.service';
import { isCommonPassword } from './common-passwords';

/**
 * Find the record by its unique key or create it: a retried sign-up reuses what the first try made.
 * Not an upsert with $setOnInsert: FerretDB drops empty arrays from those (see README).
 */
async function findOrCreate<T>(
  model: Model<T>,
  key: Record<string, unknown>,
  fields: Record<string, unknown>,
): Promise<HydratedDocument<T>> {
  const existing = await model.findOne(key as FilterQuery<T>);
  if (existing) return existing;
  try {
    return await model.create({ ...key, ...fields });
  } catch (e) {
    if ((e as { code?: number }).code !== 11000) throw e;
    return model.findOne(key as FilterQuery<T>).orFail() as Promise<HydratedDocument<T>>;
  }
}

@Injectable()
export class SignUpService {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(Application.name) private readonly applications: Model<Application>,
    @InjectModel(Business.name) private readonly businesses: Model<Business>,
    @InjectModel(OwnerSet.name) private readonly ownerSets: Model<OwnerSet>,
    @InjectModel(Offer.name) private readonly offers: Model<Offer>,
    @InjectModel(Stage.name) private readonly stages: Model<Stage>,
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
    const application = await findOrCreate(this.applications, { userId: user._id }, {});
    const applicationId = application._id as Types.ObjectId;
    const business = await findOrCreate(
      this.businesses,
      { applicationId },
      {
        businessName: dto.businessName.trim(),
        businessEmail: userName,
      },
    );
    await findOrCreate(this.ownerSets, { applicationId }, { businessId: business._id, owners: [] });
    await Promise.all([
      findOrCreate(this.offers, { applicationId }, { offerOptions: [] }),
      findOrCreate(this.stages, { applicationId }, { ...INITIAL_POSITION, isPdfSent: false }),
    ]);
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
      this.mail.sendCodeInBackground(userName, 'confirm-sign-up', code, user.firstName);
    } catch (e) {
      // A retried sign-up within 30 seconds: the code sent moments ago is still good.
      if (!(e instanceof TooManyRequestsError)) throw e;
    }
    return { destination: maskEmail(userName), deliveryMedium: 'EMAIL', userName };
  }

  private async userFor(userName: string, dto: RegisterDto) {
    const existing = await this.users.findOne({ userName });
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
        userName,
        email: userName,
        firstName: dto.firstName.trim(),
        lastName: dto.lastName.trim(),
        phone: dto.phone,
        passwordHash: await hash(dto.password, { algorithm: Algorithm.Argon2id }),
        bankVerified: false,
      });
    } catch (e) {
      if ((e as { code?: number }).code === 11000) throw new ConflictException(ACCOUNT_MESSAGES.accountExists);
      throw e;
    }
  }
}
