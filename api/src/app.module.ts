import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { AccountsModule } from './accounts/accounts.module';
import { ApplicationsModule } from './applications/applications.module';
import { AuthModule } from './auth/auth.module';
import { IdempotencyModule } from './common/idempotency/idempotency.module';
import { XsrfMiddleware } from './common/xsrf.middleware';
import { DatabaseModule } from './config/database.module';
import { SettingsModule } from './config/settings.module';
import { BusinessesModule } from './businesses/businesses.module';
import { DraftsModule } from './drafts/drafts.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { OwnersModule } from './owners/owners.module';
import { SigningModule } from './signing/signing.module';
import { FilesModule } from './files/files.module';
import { BankModule } from './bank/bank.module';
import { OffersModule } from './offers/offers.module';
import { OperationsModule } from './operations/operations.module';
import { PrivacyExportModule } from './privacy/privacy-export.module';
import { StagesModule } from './stages/stages.module';
import { StatusModule } from './status/status.module';
import { TemporalModule } from './temporal/temporal.module';
import { UsersModule } from './users/users.module';
import { PrivacyErasureModule } from './privacy/privacy-erasure.module';

@Module({
  imports: [
    SettingsModule,
    DatabaseModule,
    TemporalModule,
    IdempotencyModule,
    HealthModule,
    AuthModule,
    AccountsModule,
    ApplicationsModule,
    StagesModule,
    SigningModule,
    FilesModule,
    BankModule,
    OffersModule,
    BusinessesModule,
    OwnersModule,
    DraftsModule,
    UsersModule,
    PrivacyErasureModule,
    OperationsModule,
    StatusModule,
    PrivacyExportModule,
    MetricsModule,
  ],
})
export class AppModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(XsrfMiddleware).forRoutes('*path');
  }
}
