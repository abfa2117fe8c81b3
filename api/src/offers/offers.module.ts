import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ApplicationsModule } from '../applications/applications.module';
import { SessionModule } from '../session/session.module';
import { Offer, OfferSchema } from './offer.schema';
import { StoredFile, StoredFileSchema } from '../files/file.schema';
import { OffersController } from './offers.controller';
import { OffersService } from './offers.service';
import { RepController } from './rep.controller';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Offer.name, schema: OfferSchema },
      { name: StoredFile.name, schema: StoredFileSchema },
    ]),
    SessionModule,
    ApplicationsModule,
  ],
  controllers: [OffersController, RepController],
  providers: [OffersService],
  exports: [OffersService],
})
export class OffersModule {}
