import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module';
import { AuthModule } from '../auth/auth.module';
import { PiiCipher } from '../common/pii';
import { RecordsModule } from '../records.module';
import { BusinessesController } from './businesses.controller';
import { BusinessesService } from './businesses.service';

@Module({
  imports: [RecordsModule, AuthModule, ApplicationsModule],
  controllers: [BusinessesController],
  providers: [BusinessesService, PiiCipher],
  exports: [BusinessesService],
})
export class BusinessesModule {}
