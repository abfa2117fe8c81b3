import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Types, type Model } from 'mongoose';
import { FILE_CODES, FILE_TYPES, isRecentStatementMonth, type CashReading } from '@portal/libs';
import { APPLICATION_STATUS_SUBMITTED, ApplicationsService } from '../applications/applications.service';
import { ApplicationFileIndex } from './application-files';
import { DocumentHandover } from './document-handover';
import { DocumentNames } from './document-names';
import { DocumentSlots } from './document-slots';
import { DocumentStore } from './document-store';
import { StoredFile } from './file.schema';
import { documentKey, fileView } from './file-views';
import { inspectStatement } from './pdf-inspection';
import { UnfinishedUploads } from './unfinished-uploads';
import { UploadRefused } from './upload-stream';

/** The month's cash from the bank's own data, asked for only when the statement's text is not readable enough. */
export type AggregatorCash = () => Promise<CashReading | undefined>;

/**
 * Statements fetched from the applicant's bank, stored like an upload (the same name claim, S3 object,
 * reading, File row and workflow signal that puts it in the CRM), marked source 'bank'.
 */
@Injectable()
export class FetchedStatements {
  constructor(
    @InjectModel(StoredFile.name) private readonly files: Model<StoredFile>,
    private readonly applications: ApplicationsService,
    private readonly slots: DocumentSlots,
    private readonly names: DocumentNames,
    private readonly unfinished: UnfinishedUploads,
    private readonly index: ApplicationFileIndex,
    private readonly s3: DocumentStore,
    private readonly handover: DocumentHandover,
  ) {}

  async store(
    applicationId: string,
    userId: string,
    monthLabel: string,
    bytes: Uint8Array,
    aggregatorCash?: AggregatorCash,
  ) {
    const app = await this.applications.owned(applicationId, userId);
    if (!isRecentStatementMonth(monthLabel, new Date())) throw new BadRequestException(FILE_CODES.monthNotAsked);
    if (!(await this.slots.atDocuments(app._id, 1))) throw new BadRequestException(FILE_CODES.notAtThisStep);
    // As an upload (document-slots.ts): nothing is added to a submitted application.
    if (app.applicationStatus === APPLICATION_STATUS_SUBMITTED)
      throw new BadRequestException(FILE_CODES.applicationSubmitted);
    const fileId = new Types.ObjectId();
    const fileName = await this.names.take(app._id, FILE_TYPES.bankStatement, monthLabel).catch((e: Error) => {
      throw e instanceof UploadRefused ? new BadRequestException(e.message) : e;
    });
    const filePath = documentKey(app._id, fileId, fileName);
    const dir = await mkdtemp(join(tmpdir(), 'portal-bank-'));
    const stored = { object: false };
    try {
      const { advice, cash, review } = await this.read(
        join(dir, 'statement.pdf'),
        bytes,
        app._id,
        userId,
        monthLabel,
        aggregatorCash,
      );
      await this.unfinished.begin(filePath, app._id, fileName);
      await this.s3.put(
        filePath,
        Readable.from(Buffer.from(bytes)),
        bytes.byteLength,
        fileName,
        new AbortController().signal,
      );
      stored.object = true;
      await this.index.enter(app._id, fileId);
      const saved = await this.files.create({
        _id: fileId,
        applicationId: app._id,
        fileName,
        filePath,
        fileType: FILE_TYPES.bankStatement,
        monthLabel,
        size: bytes.byteLength,
        advice,
        cash,
        review,
        source: 'bank',
      });
      this.index.written(saved);
      await Promise.all([this.unfinished.end(filePath).catch(() => undefined), this.handover.uploaded(saved)]);
      return fileView(saved);
    } catch (e) {
      if (stored.object) await this.s3.remove(filePath).catch(() => undefined);
      await this.names.release(app._id, fileName).catch(() => undefined);
      throw e;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * The statement's advice and cash, read from `path` once its bytes are written there. A text not readable
   * enough for its cash: the bank's own data for that month, when it gives it.
   */
  private async read(
    path: string,
    bytes: Uint8Array,
    applicationId: Types.ObjectId,
    applicant: string,
    statementMonth: string,
    aggregatorCash?: AggregatorCash,
  ) {
    await writeFile(path, bytes);
    const inspected = await inspectStatement(path, { applicationId: String(applicationId), applicant, statementMonth });
    const cash = inspected.cash?.readable ? inspected.cash : ((await aggregatorCash?.()) ?? inspected.cash);
    // Fetched from the bank itself: the review is kept for the rep, but the applicant is not asked to
    // upload it again or connect a bank they have connected.
    return { advice: inspected.advice.filter((a) => a.code !== 'uploadAgain'), cash, review: inspected.review };
  }
}
