import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { FILE_TYPES } from '@portal/libs';
import type { StoredDocument } from '@portal/workflows';
import { ApplicationsService } from '../applications/applications.service';
import { StagesService } from '../stages/stages.service';
import { ApplicationFileIndex } from './application-files';
import type { StoredFileDocument } from './file.schema';
import { storedDocument } from './file-views';

/** The stored files as the application's workflow takes them, to copy them to the CRM. */
@Injectable()
export class DocumentHandover {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly stages: StagesService,
    private readonly index: ApplicationFileIndex,
  ) {}

  /**
   * Tells the workflow of a stored file, except those an update hands over: a bank statement while the
   * journey is at the statements step goes with 'submit statements' (documentsOf), which is when the CRM can
   * take them, and the voided check and the driver's license go with 'submit application' (the last of
   * each: a replaced one is never copied), rather than one signal and workflow task each. Read after the
   * File row stands, so a statement stored while the statements are being submitted is either in their
   * list or told here (and 'submit application' hands the statements over again, which the workflow takes
   * once).
   */
  async uploaded(
    file: Pick<StoredFileDocument, '_id' | 'applicationId' | 'fileType' | 'filePath' | 'fileName'>,
  ): Promise<void> {
    if (file.fileType === FILE_TYPES.voidedCheck || file.fileType === FILE_TYPES.driversLicense) return;
    if (file.fileType === FILE_TYPES.bankStatement) {
      const [stage] = await this.stages.forApplications([file.applicationId]);
      if (stage?.pageName === 'DOCUMENTS' && stage.pageStep === 1) return;
    }
    return this.applications.documentUploaded(String(file.applicationId), storedDocument(file));
  }

  /** The application's files as the workflow copies them to the CRM, oldest first. */
  async documentsOf(applicationId: Types.ObjectId): Promise<StoredDocument[]> {
    return (await this.index.fieldsOf(applicationId, ['fileType', 'filePath', 'fileName'])).map(storedDocument);
  }
}
