import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module';
import { AuthModule } from '../auth/auth.module';
import { PiiCipher } from '../common/pii';
import { RecordsModule } from '../records.module';
import { OwnersController } from './owners.controller';
import { OwnersService } from './owners.service';

@Module({
  imports: [RecordsModule, AuthModule, ApplicationsModule],
  controllers: [OwnersController],
  providers: [OwnersService, PiiCipher],
  exports: [OwnersService],
})
export class OwnersModule {}
