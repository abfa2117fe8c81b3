import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module';
import { AuthModule } from '../auth/auth.module';
import { PiiCipher } from '../common/pii';
import { RecordsModule } from '../records.module';
import { StagesController } from './stages.controller';
import { StagesService } from './stages.service';

@Module({
  imports: [RecordsModule, AuthModule, ApplicationsModule],
  controllers: [StagesController],
  providers: [StagesService, PiiCipher],
  exports: [StagesService],
})
export class StagesModule {}
