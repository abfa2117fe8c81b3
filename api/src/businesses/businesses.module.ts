import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ApplicationsModule } from '../applications/applications.module';
import { SessionModule } from '../session/session.module';
import { PiiCipher } from '../common/pii';
import { DraftsModule } from '../drafts/drafts.module';
import { Business, BusinessSchema } from './business.schema';
import { BusinessesController } from './businesses.controller';
import { BusinessesService } from './businesses.service';
import { GiggleController } from './giggle.controller';
import { GiggleService } from './giggle.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: Business.name, schema: BusinessSchema }]),
    SessionModule,
    ApplicationsModule,
    DraftsModule,
  ],
  controllers: [BusinessesController, GiggleController],
  providers: [BusinessesService, GiggleService, PiiCipher],
  exports: [BusinessesService],
})
export class BusinessesModule {}
