import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import {
  AuthFailure,
  AuthFailureSchema,
  RateLimitCounts,
  RateLimitCountsSchema,
  RateLimiter,
} from '../common/rate-limit';
import { Revocation, RevocationSchema, Session, SessionSchema } from './session.schema';
import { SessionGuard } from './session.guard';
import { TokensService } from './tokens.service';

/**
 * Sessions and rate limits: what every feature's guard needs. A folder of its own that imports no
 * feature (lint holds it): features guard their routes with it and never import the account layer
 * (auth/, AuthModule), which uses the features to create records.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Session.name, schema: SessionSchema },
      { name: Revocation.name, schema: RevocationSchema },
      { name: RateLimitCounts.name, schema: RateLimitCountsSchema },
      { name: AuthFailure.name, schema: AuthFailureSchema },
    ]),
  ],
  providers: [TokensService, SessionGuard, RateLimiter],
  exports: [TokensService, SessionGuard, RateLimiter],
})
export class SessionModule {}
