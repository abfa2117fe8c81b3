import { Module } from '@nestjs/common';
import { RecordsModule } from '../records.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';

@Module({ imports: [RecordsModule], controllers: [AuthController], providers: [AuthService] })
export class AuthModule {}
