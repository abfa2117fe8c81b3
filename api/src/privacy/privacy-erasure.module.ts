import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SessionModule } from '../session/session.module';
import { AccountErasureController } from './account-erasure.controller';
import { AccountErasureService } from './account-erasure.service';

/** "Delete my account": the api's side; the erasure itself is a workflow (workflows/src/erasure). */
@Module({
  imports: [AuthModule, SessionModule],
  controllers: [AccountErasureController],
  providers: [AccountErasureService],
})
export class PrivacyErasureModule {}
