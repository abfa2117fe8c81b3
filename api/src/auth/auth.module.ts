import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ApplicationsModule } from '../applications/applications.module';
import { BusinessesModule } from '../businesses/businesses.module';
import { MailModule } from '../mail/mail.module';
import { OffersModule } from '../offers/offers.module';
import { OwnersModule } from '../owners/owners.module';
import { StagesModule } from '../stages/stages.module';
import { UsersModule } from '../users/users.module';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { OneTimeCode, OneTimeCodeSchema } from './code.schema';
import { CodesService } from './codes.service';
import { LoginThrottle } from './login-throttle';
import { DeviceTrust } from './device-trust';
import { SessionModule } from '../session/session.module';
import { SignUpService } from './sign-up.service';
import { UnconfirmedSignUps } from './unconfirmed-sign-ups';

/** The account layer: sign-up (through the features' services), sign-in, codes and passwords. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: OneTimeCode.name, schema: OneTimeCodeSchema }]),
    SessionModule,
    MailModule,
    UsersModule,
    ApplicationsModule,
    BusinessesModule,
    OwnersModule,
    OffersModule,
    StagesModule,
  ],
  controllers: [AuthController],
  providers: [SignUpService, AccountService, CodesService, LoginThrottle, DeviceTrust, UnconfirmedSignUps],
  // A password confirms deleting the account too (privacy/), with the same throttle and turns.
  exports: [AccountService, LoginThrottle, DeviceTrust],
})
export class AuthModule {}
