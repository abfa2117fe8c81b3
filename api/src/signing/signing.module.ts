import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module';
import { AuthModule } from '../auth/auth.module';
import { RecordsModule } from '../records.module';
import { BoxWebhookController, SigningController } from './signing.controller';
import { SigningService } from './signing.service';

@Module({
  imports: [RecordsModule, AuthModule, ApplicationsModule],
  controllers: [SigningController, BoxWebhookController],
  providers: [SigningService],
})
export class SigningModule {}
