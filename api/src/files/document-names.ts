import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { documentFileName, FILE_CODES, MAX_FILES_PER_SLOT, type FileType } from '@portal/libs';
import { driverCollection } from '../common/driver-read';
import { ApplicationFileIndex } from './application-files';
import { UploadRefused } from './upload-stream';

/**
 * A document name taken within one application. Its _id is `<applicationId>/<fileName>`, so taking a name
 * is a plain insert that the unique _id makes atomic on MongoDB and FerretDB alike (no transactions):
 * two statements for one month uploaded at once get two numbers, never the same name.
 */
@Schema({ collection: 'documentnames', versionKey: false })
export class DocumentName {
  @Prop({ type: String, required: true }) _id: string;
}
export const DocumentNameSchema = SchemaFactory.createForClass(DocumentName);

const isDuplicate = (e: unknown) => (e as { code?: number })?.code === 11000;
const nameId = (applicationId: Types.ObjectId, fileName: string) => `${String(applicationId)}/${fileName}`;

@Injectable()
export class DocumentNames {
  constructor(
    @InjectModel(DocumentName.name) private readonly names: Model<DocumentName>,
    private readonly index: ApplicationFileIndex,
  ) {}

  /**
   * The first free of `october-2026.pdf`, `october-2026-2.pdf`, …: not held by a file nor by an upload in
   * flight. Names are numbered without holes (a removed file gives its name back), so a slot whose first
   * MAX_FILES_PER_SLOT names are all held is full: the upload is refused.
   */
  async take(
    applicationId: Types.ObjectId,
    fileType: FileType,
    monthLabel?: string,
    /** The application's files, when the caller has just read them (else read here). */
    standing?: readonly { fileName: string }[],
  ): Promise<string> {
    // Files stored before names were taken this way hold theirs without a claim.
    const files = standing ?? (await this.index.fieldsOf(applicationId, ['fileName']));
    const used = new Set(files.map((f) => f.fileName));
    for (let i = 0; i < MAX_FILES_PER_SLOT; i++) {
      const fileName = documentFileName(fileType, monthLabel, i);
      if (used.has(fileName)) continue;
      try {
        await driverCollection(this.names).insertOne({ _id: nameId(applicationId, fileName) });
        return fileName;
      } catch (e) {
        if (!isDuplicate(e)) throw e;
      }
    }
    throw new UploadRefused(FILE_CODES.slotFull);
  }

  /**
   * Whether the slot has a name free now (`take` would not refuse it as full): asked before a phone's photos
   * are read and converted, so a full slot costs no conversion.
   */
  async hasRoom(applicationId: Types.ObjectId, fileType: FileType, monthLabel?: string): Promise<boolean> {
    const used = new Set((await this.index.fieldsOf(applicationId, ['fileName'])).map((f) => f.fileName));
    const names = Array.from({ length: MAX_FILES_PER_SLOT }, (_, i) => documentFileName(fileType, monthLabel, i));
    const free = names.filter((n) => !used.has(n)).map((n) => nameId(applicationId, n));
    return free.length > (await this.names.countDocuments({ _id: { $in: free } }));
  }

  /** Gives a name back when its upload failed or its file was removed, so the numbering has no holes. */
  async release(applicationId: Types.ObjectId, fileName: string): Promise<void> {
    await driverCollection(this.names).deleteOne({ _id: nameId(applicationId, fileName) });
  }
}
