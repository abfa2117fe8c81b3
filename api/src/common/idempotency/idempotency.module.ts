import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyRecord, IdempotencyRecordSchema } from './idempotency.schema';
import { IdempotencyService } from './idempotency.service';

/** Global: any feature's handler may carry @Idempotent(). */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: IdempotencyRecord.name, schema: IdempotencyRecordSchema }])],
  providers: [IdempotencyService, IdempotencyInterceptor],
  exports: [IdempotencyService, IdempotencyInterceptor],
})
export class IdempotencyModule {}
