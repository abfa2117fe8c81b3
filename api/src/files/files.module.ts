import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ApplicationsModule } from '../applications/applications.module';
import { AuthModule } from '../auth/auth.module';
import { StoredFile, StoredFileSchema } from './file.schema';
import { FilesController } from './files.controller';
import { SubmissionController } from './submission.controller';
import { StagesModule } from '../stages/stages.module';
import { RecordsModule } from '../records.module';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: StoredFile.name, schema: StoredFileSchema }]),
    RecordsModule,
    AuthModule,
    ApplicationsModule,
    StagesModule,
  ],
  controllers: [FilesController, SubmissionController],
})
export class FilesModule {}
