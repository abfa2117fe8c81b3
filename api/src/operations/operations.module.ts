import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { CodecController } from './codec.controller';
import { CodecCorsMiddleware } from './codec-cors.middleware';
import { OperationsController } from './operations.controller';
import { OperatorGuard } from './operator.guard';

/** What operators use, behind the operator token: the UI's codec server and the operator actions. */
@Module({
  imports: [FilesModule],
  controllers: [CodecController, OperationsController],
  providers: [OperatorGuard],
})
export class OperationsModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(CodecCorsMiddleware).forRoutes('codec/*path');
  }
}
