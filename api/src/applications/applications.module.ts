import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RecordsModule } from '../records.module';
import { ApplicationsController } from './applications.controller';
import { ApplicationsService } from './applications.service';

/** Ownership checks and lead updates that every feature module shares. */
@Module({
  imports: [RecordsModule, AuthModule],
  controllers: [ApplicationsController],
  providers: [ApplicationsService],
  exports: [ApplicationsService],
})
export class ApplicationsModule {}
