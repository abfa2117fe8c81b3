import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module';
import { AuthModule } from '../auth/auth.module';
import { RecordsModule } from '../records.module';
import { OffersController } from './offers.controller';
import { RepController } from './rep.controller';

@Module({ imports: [RecordsModule, AuthModule, ApplicationsModule], controllers: [OffersController, RepController] })
export class OffersModule {}
