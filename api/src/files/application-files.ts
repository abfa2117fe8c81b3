import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types, type Model } from 'mongoose';
import { StoredFile, type StoredFileDocument } from './file.schema';

/**
 * The files of one application, by id: a keyed lookup document (`_id` the application's id), so that
 * listing an application's documents reads one document by `_id` and each file by `_id` (on
 * FerretDB v1.24 only an `_id` equality is served from an index; `files.find({ applicationId })` read the
 * whole collection). A file's id is entered before its File row is written and taken out after the row is
 * removed, so the list never misses a file that stands; an id whose row is gone (an upload that failed
 * after it was entered) is skipped on reading. `tools/migrate` builds these for files stored before.
 */
@Schema({ collection: 'applicationfiles', versionKey: false })
export class ApplicationFiles {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: [SchemaTypes.ObjectId], required: true }) fileIds: Types.ObjectId[];
}
export const ApplicationFilesSchema = SchemaFactory.createForClass(ApplicationFiles);

const isDuplicate = (e: unknown) => (e as { code?: number })?.code === 11000;

@Injectable()
export class ApplicationFileIndex {
  constructor(
    @InjectModel(ApplicationFiles.name) private readonly lists: Model<ApplicationFiles>,
    @InjectModel(StoredFile.name) private readonly files: Model<StoredFile>,
  ) {}

  /** Enters a file's id under its application (before its File row is written). */
  async enter(applicationId: Types.ObjectId, fileId: Types.ObjectId): Promise<void> {
    const _id = String(applicationId);
    // Not an upsert: FerretDB's concurrent upserts race to E11000 (tools/ferretdb/README.md).
    if ((await this.lists.updateOne({ _id }, { $addToSet: { fileIds: fileId } })).matchedCount > 0) return;
    try {
      await this.lists.create({ _id, fileIds: [fileId] });
    } catch (e) {
      if (!isDuplicate(e)) throw e;
      await this.lists.updateOne({ _id }, { $addToSet: { fileIds: fileId } });
    }
  }

  /** Takes a file's id out (after its File row was removed). */
  async leave(applicationId: Types.ObjectId, fileId: Types.ObjectId): Promise<void> {
    await this.lists.updateOne({ _id: String(applicationId) }, { $pull: { fileIds: fileId } });
  }

  /** The application's files, oldest first: each read by `_id`. */
  async filesOf(applicationId: Types.ObjectId): Promise<StoredFileDocument[]> {
    const list = await this.lists.findById(String(applicationId)).lean();
    const found = await Promise.all((list?.fileIds ?? []).map((id) => this.files.findById(id)));
    return found
      .filter((f): f is StoredFileDocument => f !== null && f.applicationId.equals(applicationId))
      .sort((a, b) => a.get('createdAt').getTime() - b.get('createdAt').getTime());
  }

  /** The application's files as plain objects with only `fields` (and their application), oldest first. */
  async fieldsOf<K extends keyof StoredFile>(
    applicationId: Types.ObjectId,
    fields: K[],
  ): Promise<(Pick<StoredFile, K> & { _id: Types.ObjectId })[]> {
    const list = await this.lists.findById(String(applicationId)).lean();
    const projection = Object.fromEntries([...fields, 'applicationId', 'createdAt'].map((f) => [f, 1]));
    const found = await Promise.all(
      (list?.fileIds ?? []).map((id) =>
        this.files.findById(id, projection).lean<StoredFile & { _id: Types.ObjectId; createdAt: Date }>(),
      ),
    );
    return found
      .filter((f) => f !== null && f.applicationId.equals(applicationId))
      .sort((a, b) => (a!.createdAt?.getTime() ?? 0) - (b!.createdAt?.getTime() ?? 0)) as (Pick<StoredFile, K> & {
      _id: Types.ObjectId;
    })[];
  }
}
