import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ApplicationsModule } from '../applications/applications.module';
import { SessionModule } from '../session/session.module';
import { OffersModule } from '../offers/offers.module';
import { StagesModule } from '../stages/stages.module';
import { ApplicationFileIndex, ApplicationFiles, ApplicationFilesSchema } from './application-files';
import { DocumentHandover } from './document-handover';
import { DocumentName, DocumentNames, DocumentNameSchema } from './document-names';
import { DocumentSlots } from './document-slots';
import { DocumentStore } from './document-store';
import { FetchedStatements } from './fetched-statements';
import { StoredFile, StoredFileSchema } from './file.schema';
import { FilesController } from './files.controller';
import { FilesService } from './files.service';
import { PhoneController, PhoneLinkController } from './phone.controller';
import { PhoneLink, PhoneLinks, PhoneLinkSchema } from './phone-links';
import { ReceivedUploads } from './received-uploads';
import { SubmissionController } from './submission.controller';
import { StatementReviews } from './statement-reviews';
import { SubmissionService } from './submission.service';
import { UnfinishedUpload, UnfinishedUploads, UnfinishedUploadSchema } from './unfinished-uploads';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: StoredFile.name, schema: StoredFileSchema },
      { name: DocumentName.name, schema: DocumentNameSchema },
      { name: UnfinishedUpload.name, schema: UnfinishedUploadSchema },
      { name: ApplicationFiles.name, schema: ApplicationFilesSchema },
      { name: PhoneLink.name, schema: PhoneLinkSchema },
    ]),
    SessionModule,
    ApplicationsModule,
    StagesModule,
    OffersModule,
  ],
  controllers: [FilesController, SubmissionController, PhoneLinkController, PhoneController],
  providers: [
    FilesService,
    ReceivedUploads,
    FetchedStatements,
    DocumentSlots,
    DocumentHandover,
    DocumentStore,
    PhoneLinks,
    SubmissionService,
    DocumentNames,
    UnfinishedUploads,
    ApplicationFileIndex,
    StatementReviews,
  ],
  // The status view tells, after submission, which documents were marked 'I don't have this'; the bank
  // feature stores the statements it fetches; operators read the statements' reviews.
  exports: [FilesService, FetchedStatements, StatementReviews],
})
export class FilesModule {}
