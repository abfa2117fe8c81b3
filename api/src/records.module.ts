import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Application, ApplicationSchema } from './applications/application.schema';
import { Business, BusinessSchema } from './businesses/business.schema';
import { Offer, OfferSchema } from './offers/offer.schema';
import { OwnerSet, OwnerSetSchema } from './owners/owner-set.schema';
import { Stage, StageSchema } from './stages/stage.schema';
import { User, UserSchema } from './users/user.schema';

const models = MongooseModule.forFeature([
  { name: User.name, schema: UserSchema },
  { name: Application.name, schema: ApplicationSchema },
  { name: Business.name, schema: BusinessSchema },
  { name: OwnerSet.name, schema: OwnerSetSchema },
  { name: Offer.name, schema: OfferSchema },
  { name: Stage.name, schema: StageSchema },
]);

/** The applicant's records in MongoDB, shared by the feature modules. */
@Module({ imports: [models], exports: [models] })
export class RecordsModule {}
