import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthFailure, AuthFailureSchema, RateLimitSlot, RateLimitSlotSchema, RateLimiter } from '../common/rate-limit';
import { MailModule } from '../mail/mail.module';
import { RecordsModule } from '../records.module';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { OneTimeCode, OneTimeCodeSchema } from './code.schema';
import { CodesService } from './codes.service';
import { LoginThrottle } from './login-throttle';
import { Session, SessionSchema } from './session.schema';
import { SessionGuard } from './session.guard';
import { SignUpService } from './sign-up.service';
import { TokensService } from './tokens.service';

@Module({
  imports: [
    RecordsModule,
    MailModule,
    MongooseModule.forFeature([
      { name: OneTimeCode.name, schema: OneTimeCodeSchema },
      { name: Session.name, schema: SessionSchema },
      { name: RateLimitSlot.name, schema: RateLimitSlotSchema },
      { name: AuthFailure.name, schema: AuthFailureSchema },
    ]),
  ],
  controllers: [AuthController],
  providers: [SignUpService, AccountService, CodesService, TokensService, SessionGuard, RateLimiter, LoginThrottle],
  exports: [TokensService, SessionGuard, RateLimiter],
})
export class AuthModule {}
