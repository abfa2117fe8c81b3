import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types, type Model } from 'mongoose';
import { driverCollection, findFirst } from '../common/driver-read';
import { StoredFile, type StoredFileDocument } from './file.schema';
import { FileRows, KEPT_FIELDS, type FileRow } from './file-rows';

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

/** Shared by every module's instance of the index (the files' and the offers'). */
const KEPT_ROWS = new FileRows();

const isDuplicate = (e: unknown) => (e as { code?: number })?.code === 11000;

@Injectable()
export class ApplicationFileIndex {
  constructor(
    @InjectModel(ApplicationFiles.name) private readonly lists: Model<ApplicationFiles>,
    @InjectModel(StoredFile.name) private readonly files: Model<StoredFile>,
  ) {}

  /** The File rows this replica has read or written (never updated: file-rows.ts), one set per process. */
  private readonly rows = KEPT_ROWS;

  /** Enters a file's id under its application (before its File row is written). */
  async enter(applicationId: Types.ObjectId, fileId: Types.ObjectId): Promise<void> {
    const _id = String(applicationId);
    // Through the driver (driverCollection): the id and the list are ours and typed.
    const lists = driverCollection(this.lists);
    // Not an upsert: FerretDB's concurrent upserts race to E11000 (tools/ferretdb/README.md).
    if ((await lists.updateOne({ _id }, { $addToSet: { fileIds: fileId } })).matchedCount > 0) return;
    try {
      await lists.insertOne({ _id, fileIds: [fileId] });
    } catch (e) {
      if (!isDuplicate(e)) throw e;
      await lists.updateOne({ _id }, { $addToSet: { fileIds: fileId } });
    }
  }

  /** Takes a file's id out (after its File row was removed). */
  async leave(applicationId: Types.ObjectId, fileId: Types.ObjectId): Promise<void> {
    this.rows.forget(fileId);
    await this.lists.updateOne({ _id: String(applicationId) }, { $pull: { fileIds: fileId } });
  }

  /** A File row just written: the next reads of its application's documents need not read it. */
  written(file: StoredFileDocument): void {
    this.rows.keep(file.toObject() as unknown as FileRow);
  }

  /** The application's files, oldest first, without their reviews. */
  filesOf(applicationId: Types.ObjectId) {
    return this.fieldsOf(applicationId, KEPT_FIELDS as Exclude<keyof StoredFile, 'review'>[]);
  }

  /**
   * The application's files as plain objects with `fields` (and their application), oldest first: its
   * list by `_id`, then each file this replica does not keep (FileRows) by `_id`.
   */
  async fieldsOf<K extends keyof StoredFile>(
    applicationId: Types.ObjectId,
    fields: K[],
  ): Promise<(Pick<StoredFile, K> & { _id: Types.ObjectId })[]> {
    const list = (await findFirst(this.lists, { _id: String(applicationId) })) as ApplicationFiles | null;
    const keepable = fields.every((f) => KEPT_FIELDS.includes(f));
    const found = await Promise.all((list?.fileIds ?? []).map((id) => this.row(id, keepable, fields)));
    return found
      .filter((f) => f !== null && f.applicationId.equals(applicationId))
      .sort((a, b) => (a!.createdAt?.getTime() ?? 0) - (b!.createdAt?.getTime() ?? 0)) as (Pick<StoredFile, K> & {
      _id: Types.ObjectId;
    })[];
  }

  /** One file: kept, or read (every kept field when it may be kept, else only `fields`). */
  private async row(id: Types.ObjectId, keepable: boolean, fields: string[]): Promise<FileRow | null> {
    const kept = keepable ? this.rows.get(id) : undefined;
    if (kept) return kept;
    const projection = Object.fromEntries(
      [...(keepable ? KEPT_FIELDS : fields), 'applicationId', 'createdAt'].map((f) => [f, 1]),
    );
    const row = (await findFirst(this.files, { _id: id }, projection)) as FileRow | null;
    if (row && keepable) this.rows.keep(row);
    return row;
  }
}
