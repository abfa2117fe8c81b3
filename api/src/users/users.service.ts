import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Application } from '../applications/application.schema';
import { BusinessesService } from '../businesses/businesses.service';
import { Business } from '../businesses/business.schema';
import { Offer } from '../offers/offer.schema';
import { OwnerSet } from '../owners/owner-set.schema';
import { OwnersService } from '../owners/owners.service';
import { Stage } from '../stages/stage.schema';
import { User } from './user.schema';

/** The user with each application's business, owners, offers and stage: PII masked, as every answer. */
@Injectable()
export class UsersService {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(Application.name) private readonly applications: Model<Application>,
    @InjectModel(Business.name) private readonly businessModel: Model<Business>,
    @InjectModel(OwnerSet.name) private readonly ownerSets: Model<OwnerSet>,
    @InjectModel(Offer.name) private readonly offers: Model<Offer>,
    @InjectModel(Stage.name) private readonly stages: Model<Stage>,
    private readonly businesses: BusinessesService,
    private readonly owners: OwnersService,
  ) {}

  async withApplications(userId: string) {
    const user = await this.users.findById(userId).orFail(new NotFoundException('User not found'));
    const applications = await this.applications.find({ userId: user._id });
    const data = await Promise.all(
      applications.map(async (a) => {
        const [business, ownerSet, offer, stage] = await Promise.all([
          this.businessModel.findOne({ applicationId: a._id }),
          this.ownerSets.findOne({ applicationId: a._id }),
          this.offers.findOne({ applicationId: a._id }).lean(),
          this.stages.findOne({ applicationId: a._id }).lean(),
        ]);
        return {
          _id: String(a._id),
          sfLeadId: a.sfLeadId,
          sfOpportunityId: a.sfOpportunityId,
          signatureId: a.signatureId,
          applicationStatus: a.applicationStatus,
          acceptedDate: a.acceptedDate,
          topUp: a.topUp,
          business: business ? [this.businesses.view(business)] : [],
          owners: ownerSet ? this.owners.view(ownerSet) : undefined,
          offer: offer ? [{ ...offer, _id: String(offer._id), applicationId: String(offer.applicationId) }] : [],
          stage: stage ? [{ pageName: stage.pageName, pageStep: stage.pageStep, path: stage.path }] : [],
        };
      }),
    );
    return {
      data: {
        _id: String(user._id),
        email: user.email,
        userName: user.userName,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        applications: data,
      },
    };
  }
}
