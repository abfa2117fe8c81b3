import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ApplicationsModule } from '../applications/applications.module';
import { SessionModule } from '../session/session.module';
import { BusinessesModule } from '../businesses/businesses.module';
import { OffersModule } from '../offers/offers.module';
import { OwnersModule } from '../owners/owners.module';
import { StagesModule } from '../stages/stages.module';
import { User, UserKey, UserKeySchema, UserSchema } from './user.schema';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: User.name, schema: UserSchema },
      { name: UserKey.name, schema: UserKeySchema },
    ]),
    SessionModule,
    ApplicationsModule,
    BusinessesModule,
    OwnersModule,
    OffersModule,
    StagesModule,
  ],
  controllers: [UsersController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
