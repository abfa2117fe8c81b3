import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ApplicationsModule } from '../applications/applications.module';
import { SessionModule } from '../session/session.module';
import { DraftsModule } from '../drafts/drafts.module';
import { Business, BusinessSchema } from '../businesses/business.schema';
import { OwnerSet, OwnerSetSchema } from '../owners/owner-set.schema';
import { Offer, OfferSchema } from './offer.schema';
import { StoredFile, StoredFileSchema } from '../files/file.schema';
import { ApplicationFileIndex, ApplicationFiles, ApplicationFilesSchema } from '../files/application-files';
import { OffersController } from './offers.controller';
import { OffersService } from './offers.service';
import { PricedAhead } from './priced-ahead';
import { RepController } from './rep.controller';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Offer.name, schema: OfferSchema },
      { name: Business.name, schema: BusinessSchema },
      { name: OwnerSet.name, schema: OwnerSetSchema },
      { name: StoredFile.name, schema: StoredFileSchema },
      { name: ApplicationFiles.name, schema: ApplicationFilesSchema },
    ]),
    SessionModule,
    ApplicationsModule,
    DraftsModule,
  ],
  controllers: [OffersController, RepController],
  providers: [OffersService, PricedAhead, ApplicationFileIndex],
  exports: [OffersService],
})
export class OffersModule {}
