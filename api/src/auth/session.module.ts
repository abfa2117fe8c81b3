import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthFailure, AuthFailureSchema, RateLimitSlot, RateLimitSlotSchema, RateLimiter } from '../common/rate-limit';
import { Revocation, RevocationSchema, Session, SessionSchema } from './session.schema';
import { SessionGuard } from './session.guard';
import { TokensService } from './tokens.service';

/**
 * Sessions and rate limits: what every feature's guard needs. Apart from the account layer (AuthModule),
 * so that features can guard their routes while AuthModule uses the features to create records.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Session.name, schema: SessionSchema },
      { name: Revocation.name, schema: RevocationSchema },
      { name: RateLimitSlot.name, schema: RateLimitSlotSchema },
      { name: AuthFailure.name, schema: AuthFailureSchema },
    ]),
  ],
  providers: [TokensService, SessionGuard, RateLimiter],
  exports: [TokensService, SessionGuard, RateLimiter],
})
export class SessionModule {}
