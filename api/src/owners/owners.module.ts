import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ApplicationsModule } from '../applications/applications.module';
import { SessionModule } from '../session/session.module';
import { PiiCipher } from '../common/pii';
import { DraftsModule } from '../drafts/drafts.module';
import { OwnerSet, OwnerSetSchema } from './owner-set.schema';
import { OwnersController } from './owners.controller';
import { OwnersService } from './owners.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: OwnerSet.name, schema: OwnerSetSchema }]),
    SessionModule,
    ApplicationsModule,
    DraftsModule,
  ],
  controllers: [OwnersController],
  providers: [OwnersService, PiiCipher],
  exports: [OwnersService],
})
export class OwnersModule {}
