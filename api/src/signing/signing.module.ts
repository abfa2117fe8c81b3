import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module';
import { SessionModule } from '../session/session.module';
import { StagesModule } from '../stages/stages.module';
import { StatusModule } from '../status/status.module';
import { BoxWebhookController, SigningController } from './signing.controller';
import { SigningService } from './signing.service';

@Module({
  imports: [SessionModule, ApplicationsModule, StatusModule, StagesModule],
  controllers: [SigningController, BoxWebhookController],
  providers: [SigningService],
})
export class SigningModule {}
