import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SessionModule } from '../session/session.module';
import { AccountsController } from './accounts.controller';
import { AffiliateCheckCache, AffiliateCheckRecord, AffiliateCheckRecordSchema } from './affiliate-check.cache';

@Module({
  imports: [
    SessionModule,
    MongooseModule.forFeature([{ name: AffiliateCheckRecord.name, schema: AffiliateCheckRecordSchema }]),
  ],
  controllers: [AccountsController],
  providers: [AffiliateCheckCache],
})
export class AccountsModule {}
