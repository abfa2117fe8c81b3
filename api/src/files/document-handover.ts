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
   * Tells the workflow of a stored file, except one that a submission hands over with the others: a bank
   * statement while the journey is at the statements step (all go at once with 'submit statements', which
   * is when the CRM can take them), and any file while it is at /offers (the voided check, the license: all
   * go with 'submit application', which hands over every stored file), rather than one signal and workflow
   * task each. Read after the File row stands, so a file stored while a submission is under way is either
   * in its list or told here (the workflow takes each file once).
   */
  async uploaded(file: StoredFileDocument): Promise<void> {
    const [stage] = await this.stages.forApplications([file.applicationId]);
    if (stage?.pageName === 'DOCUMENTS' && handedWithSubmission(file.fileType, stage.pageStep)) return;
    return this.applications.documentUploaded(String(file.applicationId), storedDocument(file));
  }

  /** The application's files as the workflow copies them to the CRM, oldest first. */
  async documentsOf(applicationId: Types.ObjectId): Promise<StoredDocument[]> {
    return (await this.index.fieldsOf(applicationId, ['fileType', 'filePath', 'fileName'])).map(storedDocument);
  }
}

/** At DOCUMENTS step `step`, whether a submission hands this file over (no signal of its own). */
const handedWithSubmission = (fileType: string, step: number) =>
  step >= 2 || (step === 1 && fileType === FILE_TYPES.bankStatement);
