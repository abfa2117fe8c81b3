import { Module } from '@nestjs/common';
import { ApplicationsService } from '../applications/applications.service';
import { AuthModule } from '../auth/auth.module';
import { RecordsModule } from '../records.module';
import { StagesController } from './stages.controller';
import { StagesService } from './stages.service';

@Module({
  imports: [RecordsModule, AuthModule],
  controllers: [StagesController],
  providers: [StagesService, ApplicationsService],
})
export class StagesModule {}
