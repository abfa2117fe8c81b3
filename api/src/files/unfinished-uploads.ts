import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { driverCollection } from '../common/driver-read';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { DocumentNames } from './document-names';
import { uploadStore } from './document-store';
import { StoredFile } from './file.schema';

/**
 * An upload on its way to S3, keyed by its object key. Written before the put and removed once the File
 * row stands (or the object is gone): a row left behind means the api died between the two, and S3 may
 * hold an object nobody will ever read (applicant data kept for no purpose) under a document name no file
 * uses (load run with a killed api: an orphan 'voided-check.pdf' and a second upload as 'voided-check-2').
 */
@Schema({ collection: 'unfinisheduploads', versionKey: false })
export class UnfinishedUpload {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: String, required: true }) applicationId: string;
  @Prop({ required: true }) fileName: string;
  @Prop({ required: true }) startedAt: Date;
}
export const UnfinishedUploadSchema = SchemaFactory.createForClass(UnfinishedUpload);

/**
 * A row spans the upload from its form fields to the File insert: the file streams to S3 as it arrives, so
 * the row is written before its first byte goes. Node's request timeout (5 minutes: the whole request must
 * have arrived by then) bounds the receiving part, and the rest takes seconds even for 35 MB; 10 minutes
 * leaves room for S3's own retries, so an older row is one whose api died.
 */
export const UNFINISHED_AFTER_MS = 10 * 60_000;
const SWEEP_MS = 2 * 60_000;

@Injectable()
export class UnfinishedUploads implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('UnfinishedUploads');
  private sweeper?: NodeJS.Timeout;
  private readonly store;

  constructor(
    @InjectModel(UnfinishedUpload.name) private readonly rows: Model<UnfinishedUpload>,
    @InjectModel(StoredFile.name) private readonly files: Model<StoredFile>,
    private readonly names: DocumentNames,
    @Inject(SETTINGS) settings: ApiSettings,
  ) {
    this.store = uploadStore(settings);
  }

  onModuleInit() {
    // Each replica sweeps; the steps are idempotent, so two at once do no harm.
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS + Math.floor(Math.random() * 60_000));
    this.sweeper.unref();
  }

  onModuleDestroy() {
    clearInterval(this.sweeper);
  }

  /** Through the driver: every field is ours and typed (see driverCollection). */
  async begin(key: string, applicationId: Types.ObjectId, fileName: string): Promise<void> {
    const row: UnfinishedUpload = { _id: key, applicationId: String(applicationId), fileName, startedAt: new Date() };
    await driverCollection(this.rows).insertOne(row);
  }

  async end(key: string) {
    await driverCollection(this.rows).deleteOne({ _id: key });
  }

  /** Finishes what a dead upload left: its object removed and its name given back, unless its file stands. */
  async sweep(now = Date.now()): Promise<number> {
    let swept = 0;
    let dead: UnfinishedUpload[] = [];
    try {
      dead = await this.rows.find({ startedAt: { $lt: new Date(now - UNFINISHED_AFTER_MS) } }).lean();
    } catch (e) {
      this.logger.warn(`sweep failed: ${(e as Error).message}`);
    }
    // One at a time, each on its own: a removal S3 refuses now is tried again at the next sweep.
    for (const row of dead) {
      try {
        if (!(await this.files.exists({ filePath: row._id }))) {
          await this.store.remove(row._id);
          await this.names.release(new Types.ObjectId(row.applicationId), row.fileName);
        }
        await this.end(row._id);
        swept++;
      } catch (e) {
        this.logger.warn(`an unfinished upload not swept yet: ${(e as Error).message}`);
      }
    }
    if (swept) this.logger.log(`swept ${swept} unfinished upload(s)`);
    return swept;
  }
}
