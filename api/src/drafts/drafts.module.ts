import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ApplicationsModule } from '../applications/applications.module';
import { PiiCipher } from '../common/pii';
import { SessionModule } from '../session/session.module';
import { Draft, DraftSchema } from './draft.schema';
import { DraftsController } from './drafts.controller';
import { DraftsService } from './drafts.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: Draft.name, schema: DraftSchema }]), SessionModule, ApplicationsModule],
  controllers: [DraftsController],
  providers: [DraftsService, PiiCipher],
  exports: [DraftsService],
})
export class DraftsModule {}
