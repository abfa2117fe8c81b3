import { Types } from 'mongoose';
import { Kept } from '../common/kept';
import type { StoredFile } from './file.schema';

/** A File row as read, without its statement review (the rep's, read by operators and the CRM only). */
export type FileRow = Omit<StoredFile, 'review'> & { _id: Types.ObjectId; createdAt: Date };

/** The fields a kept row holds: every field but the review. */
export const KEPT_FIELDS: readonly string[] = [
  'applicationId',
  'fileName',
  'filePath',
  'fileType',
  'monthLabel',
  'size',
  'advice',
  'source',
  'cash',
  'createdAt',
];

/**
 * How long a row is kept after it was read or written (not renewed by use). A File row is never updated:
 * written once, then removed (FilesService.remove, the account's erasure). Its id is its upload's
 * Idempotency-Key's (fileIdFor), so a row of the same id with other fields could only follow a removal
 * and the same key sent again after its idempotency record (24 hours) is gone: within ten minutes of any
 * read, never. A removed row kept here is never answered either: a list names only the ids of the rows
 * that stand (application-files.ts), and removal takes the id out of it.
 */
const KEPT_MS = 10 * 60_000;

/**
 * The id in 12 bytes of its own. An ObjectId read from MongoDB (BSON's `Buffer.allocUnsafe(12)`) or parsed from
 * hex (`Buffer.from`) is a view into a slab of Node's buffer pool, 64 KiB on Node 24: a row kept for minutes
 * kept its slab whole, and rows kept over time a slab each (113 slabs, 7 MB of the api's memory, after 80
 * applications of the bench; up to 2 x 64 KiB a row over the 2,000 rows kept).
 */
const ownId = (id: Types.ObjectId) => new Types.ObjectId(new Uint8Array(id.id));

/**
 * File rows by id, as this replica last read or wrote them: the application's documents are read by
 * every upload (the names in use), the file list, the statements' and the application's submissions, the
 * offers' affordability and the status page, each file by `_id` every time before (a FerretDB round
 * trip a file a read). Bounded: the oldest go first.
 */
export class FileRows {
  private readonly rows = new Kept<FileRow>(KEPT_MS, 2_000);

  get(id: Types.ObjectId): FileRow | undefined {
    return this.rows.get(String(id));
  }

  keep(row: FileRow): void {
    const kept = Object.fromEntries(KEPT_FIELDS.filter((f) => f in row).map((f) => [f, row[f as keyof FileRow]]));
    if (row.applicationId) kept.applicationId = ownId(row.applicationId);
    this.rows.put(String(row._id), { ...kept, _id: ownId(row._id) } as FileRow);
  }

  forget(id: Types.ObjectId): void {
    this.rows.forget(String(id));
  }
}
