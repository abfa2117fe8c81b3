import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { AccountsController } from './accounts.controller';

@Module({ imports: [SessionModule], controllers: [AccountsController] })
export class AccountsModule {}
