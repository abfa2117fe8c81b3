import { Injectable, NotFoundException } from '@nestjs/common';
import { API_CODES } from '@portal/libs';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import type { Application } from '../applications/application.schema';
import { ApplicationsService, type ApplicationFields } from '../applications/applications.service';
import { BusinessesService } from '../businesses/businesses.service';
import { OffersService } from '../offers/offers.service';
import { OwnersService } from '../owners/owners.service';
import { readById, type Stored } from '../common/driver-read';
import { StagesService } from '../stages/stages.service';
import { User, UserKey } from './user.schema';

/** The user's fields the user's read answers. */
const USER_FIELDS = { email: 1, userName: 1, firstName: 1, lastName: 1, phone: 1, applicationId: 1 } as const;
/** The user's fields the session's read answers (AccountService.userView). */
const SESSION_USER_FIELDS = { email: 1, userName: 1, firstName: 1, lastName: 1, applicationId: 1 } as const;
/** The application's fields the user's read answers. */
const ANSWERED: ApplicationFields = {
  sfLeadId: 1,
  sfOpportunityId: 1,
  signatureId: 1,
  applicationStatus: 1,
  acceptedDate: 1,
  topUp: 1,
};

/** The user record, and the user with each application's records: PII masked, as every answer. */
@Injectable()
export class UsersService {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(UserKey.name) private readonly keys: Model<UserKey>,
    private readonly applications: ApplicationsService,
    private readonly businesses: BusinessesService,
    private readonly owners: OwnersService,
    private readonly offers: OffersService,
    private readonly stages: StagesService,
  ) {}

  /** By the sign-in name's key, then the user: two `_id` lookups (see UserKey). */
  async findByUserName(userName: string) {
    const key = await this.keys.findById(userName).lean();
    return key ? this.users.findById(key.userId) : null;
  }

  /**
   * Sign-up's find-or-create of the name's key: the user id a (retried) sign-up creates the user under,
   * and whether this call made it (then no user can have that id yet: the caller need not look).
   * Inserted first: most sign-ups are new addresses (one round trip; a taken name costs two).
   */
  async idFor(userName: string): Promise<{ userId: Types.ObjectId; made: boolean }> {
    const userId = new Types.ObjectId();
    try {
      await this.keys.create({ _id: userName, userId });
      return { userId, made: true };
    } catch (e) {
      if ((e as { code?: number }).code !== 11000) throw e;
    }
    const key = await this.keys.findById(userName).lean().orFail();
    return { userId: key.userId, made: false };
  }

  findById(userId: string | Types.ObjectId) {
    return this.users.findById(userId);
  }

  /**
   * What the session's read (GET /auth/user, four times a journey) answers of the user record, through the
   * driver (common/driver-read.ts): a Mongoose document of the whole record, password hash included, was
   * built only to read five fields.
   */
  sessionFieldsOf(userId: string) {
    return readById(this.users, userId, SESSION_USER_FIELDS);
  }

  create(fields: Omit<User, 'confirmed'> & { _id: Types.ObjectId }) {
    return this.users.create(fields);
  }

  async update(userId: Types.ObjectId, changes: Partial<Pick<User, 'confirmed' | 'passwordHash' | 'signUpFinished'>>) {
    await this.users.updateOne({ _id: userId }, { $set: changes });
  }

  /**
   * The user and each application with its records, as plain objects through the driver
   * (common/driver-read.ts), only the fields answered (no password hash). Once this replica knows the user's
   * application (it never changes), the user and every record of the application are read at the same
   * time: one round trip instead of three in a row. Nothing of the application is answered unless it is
   * the user's and the user record still names it.
   */
  async withApplications(userId: string) {
    const known = this.applications.knownApplicationOf(userId);
    const [user, early] = await Promise.all([
      readById(this.users, userId, USER_FIELDS),
      known ? this.withRecords(known, userId) : undefined,
    ]);
    if (!user) throw new NotFoundException(API_CODES.userNotFound);
    const applications =
      known && String(user.applicationId) === known
        ? [early]
        : await Promise.all(
            (await this.applications.forUser(user, ANSWERED)).map((a) => this.withRecords(a._id, userId, a)),
          );
    return {
      data: {
        _id: String(user._id),
        email: user.email,
        userName: user.userName,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        applications: applications.filter((a) => a !== undefined),
      },
    };
  }

  /** The application (`read` already, or read here and checked to be the user's) with its stage and records. */
  private async withRecords(applicationId: Types.ObjectId | string, userId: string, read?: Stored<Application>) {
    const [a, [stage], business, owners, offer] = await Promise.all([
      read ?? this.applications.ownedBy(applicationId, userId, ANSWERED),
      this.stages.forApplications([applicationId]),
      this.businesses.viewFor(applicationId),
      this.owners.viewFor(applicationId),
      this.offers.leanFor(applicationId),
    ]);
    if (!a) return undefined;
    return {
      _id: String(a._id),
      sfLeadId: a.sfLeadId,
      sfOpportunityId: a.sfOpportunityId,
      signatureId: a.signatureId,
      applicationStatus: a.applicationStatus,
      acceptedDate: a.acceptedDate,
      topUp: a.topUp,
      business: business ? [business] : [],
      owners,
      offer: offer ? [{ ...offer, _id: String(offer._id), applicationId: String(offer.applicationId) }] : [],
      stage: stage ? [{ pageName: stage.pageName, pageStep: stage.pageStep, path: stage.path }] : [],
    };
  }
}
