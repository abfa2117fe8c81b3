import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { API_CODES, isIdempotencyKey } from '@portal/libs';
import type { StoredDocument } from '@portal/workflows';
import type { StoredFile } from './file.schema';

export const FILE_NOT_FOUND = API_CODES.fileNotFound;

/** A File row as the browser sees it. */
export const fileView = (
  f: Pick<StoredFile, 'applicationId' | 'fileName' | 'fileType' | 'monthLabel' | 'size' | 'advice' | 'source'> & {
    _id: Types.ObjectId;
  },
) => ({
  _id: String(f._id),
  applicationId: String(f.applicationId),
  fileName: f.fileName,
  fileType: f.fileType,
  monthLabel: f.monthLabel,
  size: f.size,
  advice: f.advice ?? [],
  ...(f.source ? { source: f.source } : {}),
});

/** A stored file as the workflow's document copies name it. */
export const storedDocument = (
  f: Pick<StoredFile, 'filePath' | 'fileName' | 'fileType'> & { _id: Types.ObjectId },
): StoredDocument => ({
  fileId: String(f._id),
  s3Key: f.filePath,
  fileName: f.fileName,
  fileType: f.fileType,
});

/** The S3 key of an application's document. */
export const documentKey = (applicationId: Types.ObjectId, fileId: Types.ObjectId, fileName: string) =>
  `applications/${String(applicationId)}/documents/${String(fileId)}-${fileName}`;

/**
 * A keyed upload's file id comes from its Idempotency-Key (and the user): a repeat the idempotency claim
 * lets run again, because the api that ran the first died after the File row and before the answer was
 * stored, finds that row instead of storing the file twice (load run with an api killed mid-upload: a
 * statement twice in the CRM). Without a key, a new id.
 */
export function fileIdFor(userId: string, key: unknown): Types.ObjectId {
  if (!isIdempotencyKey(key)) return new Types.ObjectId();
  return new Types.ObjectId(createHash('sha256').update(`file:${userId}:${key}`).digest('hex').slice(0, 24));
}
