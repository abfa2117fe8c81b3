import { Module } from '@nestjs/common';
import { ApplicationsService } from '../applications/applications.service';
import { AuthModule } from '../auth/auth.module';
import { PiiCipher } from '../common/pii';
import { RecordsModule } from '../records.module';
import { BusinessesController } from './businesses.controller';
import { BusinessesService } from './businesses.service';

@Module({
  imports: [RecordsModule, AuthModule],
  controllers: [BusinessesController],
  providers: [BusinessesService, ApplicationsService, PiiCipher],
})
export class BusinessesModule {}
