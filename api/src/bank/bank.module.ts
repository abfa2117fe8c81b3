import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ApplicationsModule } from '../applications/applications.module';
import { BusinessesModule } from '../businesses/businesses.module';
import { PiiCipher } from '../common/pii';
import { FilesModule } from '../files/files.module';
import { SessionModule } from '../session/session.module';
import { User, UserSchema } from '../users/user.schema';
import { BankLink, BankLinkSchema, BankLinkTokens, BankLinkTokensSchema } from './bank-link.schema';
import { BankController, PlaidWebhookController } from './bank.controller';
import { BankService } from './bank.service';
import { BankWebhooks } from './bank-webhooks';
import { LinkTokens } from './link-tokens';
import { PlaidClient } from './plaid-client';
import { StatementFetch } from './statement-fetch';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: BankLink.name, schema: BankLinkSchema },
      { name: User.name, schema: UserSchema },
      { name: BankLinkTokens.name, schema: BankLinkTokensSchema },
    ]),
    SessionModule,
    ApplicationsModule,
    BusinessesModule,
    FilesModule,
  ],
  controllers: [BankController, PlaidWebhookController],
  providers: [BankService, StatementFetch, BankWebhooks, PlaidClient, PiiCipher, LinkTokens],
})
export class BankModule {}
