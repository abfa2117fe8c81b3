import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Request } from 'express';
import { isValidObjectId, Types, type Model } from 'mongoose';
import { API_CODES, FILE_CODES, MAX_FILE_BYTES, type FileType } from '@portal/libs';
import { ApplicationsService } from '../applications/applications.service';
import { clientIp } from '../common/client-ip';
import { ApplicantUploads } from './applicant-uploads';
import { ApplicationFileIndex } from './application-files';
import { DocumentHandover } from './document-handover';
import { DocumentNames } from './document-names';
import { DocumentStore } from './document-store';
import { StoredFile } from './file.schema';
import { FILE_NOT_FOUND, fileView } from './file-views';
import { prepareInspection } from './pdf-inspection';
import { ReceivedUploads } from './received-uploads';
import { spoolMadeFile, spoolUpload, type MadeFile } from './upload-stream';

export { FILE_NOT_FOUND } from './file-views';

/** The applicant's documents: checked, stored in S3, recorded, and handed to the workflow for the CRM. */
@Injectable()
export class FilesService {
  private readonly logger = new Logger(FilesService.name);
  private readonly turns = new ApplicantUploads();

  constructor(
    @InjectModel(StoredFile.name) private readonly files: Model<StoredFile>,
    private readonly applications: ApplicationsService,
    private readonly names: DocumentNames,
    private readonly index: ApplicationFileIndex,
    private readonly store: DocumentStore,
    private readonly received: ReceivedUploads,
    private readonly handover: DocumentHandover,
  ) {
    prepareInspection();
  }

  /**
   * Multipart: applicationId, fileType, monthLabel (bank statements), then the file. Read only in one of
   * the applicant's turns (ApplicantUploads: a few at once, the rest wait unread).
   */
  async upload(req: Request, userId: string) {
    if (Number(req.headers['content-length'] ?? 0) > MAX_FILE_BYTES + 64 * 1024)
      throw new BadRequestException(FILE_CODES.tooLarge);
    const done = await this.turns.enter(userId, req, clientIp(req));
    try {
      const key = req.headers['idempotency-key'];
      return await this.received.receive(userId, clientIp(req), key, (decide) => spoolUpload(req, decide));
    } finally {
      done();
    }
  }

  /**
   * A PDF the api made itself (the photos a phone sent through its link, photos-to-pdf.ts) goes the way of
   * any upload: the applicant's turns, the slot's checks, S3, the PDF inspection and its queue, the File
   * row and the workflow. `req` is the phone's request (its turn ends if it goes away).
   */
  async uploadMadePdf(
    req: Request,
    userId: string,
    fields: { applicationId: string; fileType: FileType; monthLabel?: string },
    pdf: MadeFile,
  ) {
    const done = await this.turns.enter(userId, req, clientIp(req));
    try {
      const given = { ...fields, monthLabel: fields.monthLabel ?? '' };
      return await this.received.receive(userId, clientIp(req), undefined, (decide) =>
        spoolMadeFile(pdf, given, decide),
      );
    } finally {
      done();
    }
  }

  /** The application's files as the workflow copies them to the CRM, oldest first. */
  documentsOf(applicationId: Types.ObjectId) {
    return this.handover.documentsOf(applicationId);
  }

  async list(applicationId: string, userId: string) {
    const id = await this.applications.checkOwner(applicationId, userId);
    return (await this.index.filesOf(new Types.ObjectId(id))).map(fileView);
  }

  /** Removing a document is possible until the documents are submitted (the CRM then has a copy). */
  async remove(id: string, userId: string): Promise<void> {
    const file = isValidObjectId(id) ? await this.files.findById(id) : null;
    if (!file) throw new NotFoundException(FILE_NOT_FOUND);
    const app = await this.applications.owned(String(file.applicationId), userId).catch(() => {
      throw new NotFoundException(FILE_NOT_FOUND);
    });
    if (app.sfOpportunityId) throw new BadRequestException(API_CODES.submittedDocumentsKept);
    await file.deleteOne();
    await this.index.leave(file.applicationId, file._id);
    await this.names.release(file.applicationId, file.fileName);
    await this.store
      .remove(file.filePath)
      .catch((e: Error) => this.logger.error({ msg: 'document not removed from S3', error: e.message }));
  }

  /** The types of document the application has (its list, then each file by `_id`: once for every type asked). */
  async typesOf(applicationId: Types.ObjectId): Promise<Set<string>> {
    return new Set((await this.index.fieldsOf(applicationId, ['fileType'])).map((f) => String(f.fileType)));
  }
}
