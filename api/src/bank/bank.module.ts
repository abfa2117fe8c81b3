import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Application, ApplicationSchema } from '../applications/application.schema';
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
import { EndedItems } from './ended-items';
import { LinkTokens } from './link-tokens';
import { PlaidClient } from './plaid-client';
import { StatementFetch } from './statement-fetch';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: BankLink.name, schema: BankLinkSchema },
      { name: User.name, schema: UserSchema },
      { name: BankLinkTokens.name, schema: BankLinkTokensSchema },
      // Read by the sweep for the applications that have ended (ended-items.ts).
      { name: Application.name, schema: ApplicationSchema },
    ]),
    SessionModule,
    ApplicationsModule,
    BusinessesModule,
    FilesModule,
  ],
  controllers: [BankController, PlaidWebhookController],
  providers: [BankService, EndedItems, StatementFetch, BankWebhooks, PlaidClient, PiiCipher, LinkTokens],
})
export class BankModule {}
