import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SessionModule } from '../session/session.module';
import { User, UserSchema } from '../users/user.schema';
import { Application, ApplicationSchema, SignatureKey, SignatureKeySchema } from './application.schema';
import { ApplicationProgress } from './application-progress.service';
import { ApplicationsController } from './applications.controller';
import { ApplicationsService } from './applications.service';
import { SigningAhead } from './signing-ahead';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Application.name, schema: ApplicationSchema },
      { name: SignatureKey.name, schema: SignatureKeySchema },
      // Read for the application id the user record names (users/ imports this module, not the reverse).
      { name: User.name, schema: UserSchema },
    ]),
    SessionModule,
  ],
  controllers: [ApplicationsController],
  providers: [ApplicationsService, ApplicationProgress, SigningAhead],
  exports: [ApplicationsService, ApplicationProgress, SigningAhead],
})
export class ApplicationsModule {}
