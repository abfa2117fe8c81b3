import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module';
import { SessionModule } from '../session/session.module';
import { BusinessesModule } from '../businesses/businesses.module';
import { FilesModule } from '../files/files.module';
import { OwnersModule } from '../owners/owners.module';
import { StagesModule } from '../stages/stages.module';
import { UsersModule } from '../users/users.module';
import { ProgressController, SharedStatusController } from './status.controller';
import { StatusService } from './status.service';

@Module({
  imports: [SessionModule, ApplicationsModule, BusinessesModule, StagesModule, UsersModule, OwnersModule, FilesModule],
  controllers: [ProgressController, SharedStatusController],
  providers: [StatusService],
  exports: [StatusService],
})
export class StatusModule {}
