import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { API_CODES, FILE_CODES, FILE_TYPES, isFileType, isRecentStatementMonth } from '@portal/libs';
import { APPLICATION_STATUS_SUBMITTED, ApplicationsService } from '../applications/applications.service';
import { StagesService } from '../stages/stages.service';
import { UploadRefused } from './upload-stream';

/** Which document slots an application's journey asks for now. */
@Injectable()
export class DocumentSlots {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly stages: StagesService,
  ) {}

  /**
   * The application (owner-checked: 404 otherwise) when the slot is one its journey asks for now; the
   * upload's own checks, also run before a phone link is made for the slot.
   */
  async slotOf(applicationId: string, userId: string, fileType: unknown, monthLabel?: string) {
    // Only the application's id is needed: its owner is checked from memory when known (a read saved on
    // every upload).
    const app = { _id: new Types.ObjectId(await this.applications.checkOwner(applicationId, userId)) };
    if (!isFileType(fileType)) throw new UploadRefused(API_CODES.fileTypeInvalid);
    const bank = fileType === FILE_TYPES.bankStatement;
    const month = bank ? (monthLabel ?? '').trim() : undefined;
    if (bank && !/^[A-Z][a-z]+ \d{4}$/.test(month ?? '')) throw new UploadRefused(API_CODES.monthLabelRequired);
    if (bank && !isRecentStatementMonth(month!, new Date())) throw new UploadRefused(FILE_CODES.monthNotAsked);
    // Each document only once the journey asks for it, not while the applicant is still at the financial
    // step: statements from the statements step (after the signature), the voided check and the license
    // from the final documents (DOCUMENTS 2, once the statements are submitted).
    const [stage] = await this.stages.forApplications([app._id]);
    const step = stage?.pageName === 'DOCUMENTS' ? stage.pageStep : 0;
    if (step < (bank ? 1 : 2)) throw new UploadRefused(FILE_CODES.notAtThisStep);
    // Submitted, the lender has the documents: nothing is added after (a stale tab, a script). Asked only
    // at the last step: a submission moves the journey there (DOCUMENTS 2 -> 3), so before it the record
    // cannot say submitted, and the uploads of the offers' step cost no read.
    if (step >= 3 && (await this.submitted(app._id))) throw new UploadRefused(FILE_CODES.applicationSubmitted);
    return { app, fileType, monthLabel: month };
  }

  private async submitted(applicationId: Types.ObjectId): Promise<boolean> {
    const app = await this.applications.byId(String(applicationId))?.select({ applicationStatus: 1 }).lean();
    return app?.applicationStatus === APPLICATION_STATUS_SUBMITTED;
  }

  /**
   * Whether the journey's saved position is at the documents stage, step `fromStep` or later (1 the bank
   * statements, 2 the offer and the final documents, 3 submitted).
   */
  async atDocuments(applicationId: Types.ObjectId, fromStep: number): Promise<boolean> {
    const [stage] = await this.stages.forApplications([applicationId]);
    return stage?.pageName === 'DOCUMENTS' && stage.pageStep >= fromStep;
  }
}
