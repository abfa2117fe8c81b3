import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BusinessesModule } from '../businesses/businesses.module';
import { OwnersModule } from '../owners/owners.module';
import { RecordsModule } from '../records.module';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [RecordsModule, AuthModule, BusinessesModule, OwnersModule],
  controllers: [UsersController],
  providers: [UsersService],
})
export class UsersModule {}
