import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ApplicationsModule } from '../applications/applications.module';
import { SessionModule } from '../session/session.module';
import { BusinessesModule } from '../businesses/businesses.module';
import { OffersModule } from '../offers/offers.module';
import { OwnersModule } from '../owners/owners.module';
import { Stage, StageSchema } from './stage.schema';
import { StagesController } from './stages.controller';
import { StagesService } from './stages.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: Stage.name, schema: StageSchema }]),
    SessionModule,
    ApplicationsModule,
    BusinessesModule,
    OwnersModule,
    OffersModule,
  ],
  controllers: [StagesController],
  providers: [StagesService],
  exports: [StagesService],
})
export class StagesModule {}
