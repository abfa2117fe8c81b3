import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SessionModule } from '../session/session.module';
import { DataExportController } from './data-export.controller';
import { DataExportService } from './data-export.service';
import { DataExportStore } from './data-export-store';

/** "Download my data": the archive's request, state and download (built by the worker's export workflow). */
@Module({
  imports: [SessionModule, AuthModule],
  controllers: [DataExportController],
  providers: [DataExportService, DataExportStore],
})
export class PrivacyExportModule {}
