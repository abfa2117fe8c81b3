import {
  BadRequestException,
  HttpException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, type Types } from 'mongoose';
import {
  FILE_CODES,
  isIdempotencyKey,
  type CashReading,
  type StatementAdviceNote,
  type StatementReview,
} from '@portal/libs';
import { IdempotencyError } from '../common/idempotency/idempotency.service';
import { ApplicationFileIndex } from './application-files';
import { DocumentHandover } from './document-handover';
import { DocumentNames } from './document-names';
import { DocumentSlots } from './document-slots';
import { DocumentStore } from './document-store';
import { StoredFile } from './file.schema';
import { documentKey, fileIdFor, fileView } from './file-views';
import { inspectStatement } from './pdf-inspection';
import { UnfinishedUploads } from './unfinished-uploads';
import { UploadRefused, type Decide, type Destination, type SpooledUpload } from './upload-stream';

/** A keyed upload's file stored before, as its application's list read it. */
type EarlierFile = Awaited<ReturnType<ApplicationFileIndex['filesOf']>>[number];

/** Reads an upload's body with the destination `decide` gives (spoolUpload, or spoolMadeFile for a made PDF). */
export type Spool = (decide: Decide) => Promise<SpooledUpload>;

/** One upload on its way from the slot's checks to its File row: what it claimed, and what to undo. */
class Receipt {
  readonly keyed: boolean;
  readonly fileId: Types.ObjectId;
  record?: Omit<StoredFile, 'size' | 'advice' | 'cash' | 'review'>;
  /** The name claim in flight: a client that aborts while it is taken must still give it back. */
  claim?: { applicationId: Types.ObjectId; name: Promise<string> };
  /** The same keyed upload stored before, its answer lost with the api that ran it: that file is the answer. */
  earlier?: EarlierFile | null;
  /**
   * The object S3 may hold without a File row: a refused file (stored while it was judged), or a put whose
   * answer was lost (a reset or a timeout after the bytes went) took effect all the same, and the
   * applicant's retry stores the file again under a new key. Removed on failure, once its upload has
   * settled (resilience suite, 'reset after send' on the statement upload).
   */
  unrecorded?: { key: string };
  /** The put, settled either way: the object is removed only after it. */
  storing?: Promise<unknown>;

  constructor(
    readonly userId: string,
    /** The client address the upload came from: its share of the inspection queue. */
    readonly address: string,
    idempotencyKey: unknown,
  ) {
    this.keyed = isIdempotencyKey(idempotencyKey);
    this.fileId = fileIdFor(userId, idempotencyKey);
  }
}

/**
 * An upload's way from its body to its File row: the slot's checks and the document's name, S3 while the
 * file arrives, the PDF inspection, the File row and the workflow; on any failure, what it left undone.
 */
@Injectable()
export class ReceivedUploads {
  private readonly logger = new Logger(ReceivedUploads.name);

  constructor(
    @InjectModel(StoredFile.name) private readonly files: Model<StoredFile>,
    private readonly slots: DocumentSlots,
    private readonly names: DocumentNames,
    private readonly unfinished: UnfinishedUploads,
    private readonly index: ApplicationFileIndex,
    private readonly store: DocumentStore,
    private readonly handover: DocumentHandover,
  ) {}

  async receive(userId: string, address: string, idempotencyKey: unknown, spool: Spool) {
    const receipt = new Receipt(userId, address, idempotencyKey);
    try {
      const upload = await spool((fields) => this.destination(receipt, fields));
      if (receipt.earlier) return await this.repeated(receipt, receipt.earlier, upload);
      return await this.kept(receipt, upload);
    } catch (e) {
      await this.undo(receipt);
      throw this.answerTo(e);
    }
  }

  /** The file's key from the slot's checks and its name; its put unless a keyed repeat finds it stored. */
  private async destination(receipt: Receipt, fields: Record<string, string>): Promise<Destination> {
    const { app, fileType, monthLabel } = await this.slots.slotOf(
      fields.applicationId ?? '',
      receipt.userId,
      fields.fileType,
      fields.monthLabel,
    );
    // One read of the application's files serves the name and the repeat: a File row that stands is in
    // its application's list (entered before the row is written, taken out after it is removed).
    const standing = this.index.filesOf(app._id);
    receipt.claim = {
      applicationId: app._id,
      name: standing.then((f) => this.names.take(app._id, fileType, monthLabel, f)),
    };
    const fileName = await receipt.claim.name;
    const filePath = documentKey(app._id, receipt.fileId, fileName);
    receipt.record = { applicationId: app._id, fileName, filePath, fileType, monthLabel };
    // Looked up before any byte goes to S3: a repeat stores nothing (a refused repeat would remove it).
    // A key once used for another application's file is found by the File row's insert (kept).
    receipt.earlier = receipt.keyed ? ((await standing).find((f) => f._id.equals(receipt.fileId)) ?? null) : null;
    if (receipt.earlier) return { key: filePath };
    // Noted before any byte goes to S3: an api that dies mid-put leaves the object (or what a store kept
    // of an unfinished put) to the sweep. The row spans the rest of the upload too, which Node's request
    // timeout (5 minutes) keeps well under the sweep's 10.
    await this.unfinished.begin(filePath, app._id, fileName);
    receipt.unrecorded = { key: filePath };
    // Sent to S3 while the file arrives and while it is judged: no File row before the verdict, and a
    // refused file's object is removed (undo) once its put has settled (400 as before, whatever S3 answered).
    return { key: filePath, put: (body, size, signal) => this.store.put(filePath, body, size, fileName, signal) };
  }

  /** A keyed repeat of an upload stored before: that file is the answer. */
  private async repeated(receipt: Receipt, earlier: EarlierFile, upload: SpooledUpload) {
    await upload.dispose();
    const record = receipt.record!;
    const claim = receipt.claim!;
    // A key is one action: the same key naming another document (a client reusing keys) is refused.
    if (!earlier.applicationId.equals(record.applicationId) || earlier.fileType !== record.fileType)
      throw new IdempotencyError('IDEMPOTENCY_KEY_REUSED');
    const taken = await claim.name;
    if (taken !== earlier.fileName) await this.names.release(claim.applicationId, taken);
    // That api may have died before telling the workflow (which takes each file once).
    await this.handover.uploaded(earlier);
    return fileView(earlier);
  }

  /** The file judged and stored: its File row, entered under the application first, and the workflow told. */
  private async kept(receipt: Receipt, upload: SpooledUpload) {
    const { advice, cash, review } = await this.judged(receipt, upload);
    const record = receipt.record!;
    // Entered under the application first: a File row is never missing from the application's list.
    await this.index.enter(record.applicationId, receipt.fileId);
    const saved = await this.files
      .create({ _id: receipt.fileId, ...record, size: upload.size, advice, cash, review })
      .catch(async (e: unknown) => {
        // The key named another application's file (not in this one's list): a key is one action.
        if ((e as { code?: number })?.code !== 11000) throw e;
        const other = await this.files.findById(receipt.fileId, { applicationId: 1, fileType: 1 }).lean();
        if (other && (!other.applicationId.equals(record.applicationId) || other.fileType !== record.fileType))
          throw new IdempotencyError('IDEMPOTENCY_KEY_REUSED');
        throw e;
      });
    receipt.unrecorded = undefined;
    this.index.written(saved);
    // Independent once the File row stands (the sweep keeps an object whose file stands): both at once.
    await Promise.all([
      this.unfinished
        .end(upload.key)
        .catch((err: Error) => this.logger.warn({ msg: 'finished upload not noted', error: err.message })),
      this.handover.uploaded(saved),
    ]);
    return fileView(saved);
  }

  /** The PDF inspection's verdict and a statement's reading, once the put stored the file too. */
  private async judged(
    receipt: Receipt,
    upload: SpooledUpload,
  ): Promise<{ advice: StatementAdviceNote[]; cash?: CashReading; review?: StatementReview }> {
    const stored = upload.stored!;
    receipt.storing = stored.catch(() => undefined);
    try {
      const reading = await inspectStatement(upload.path, {
        applicationId: String(receipt.record!.applicationId),
        applicant: receipt.userId,
        address: receipt.address,
        statementMonth: receipt.record!.monthLabel,
      });
      try {
        await stored;
      } catch (e) {
        // S3 unreachable or its answer lost: an outage, not our fault (503, the applicant presses again);
        // the object it may hold all the same is removed by undo.
        this.logger.error({ msg: 'document not stored', error: (e as Error).message });
        throw new ServiceUnavailableException(FILE_CODES.unknown);
      }
      return reading;
    } finally {
      await receipt.storing;
      await upload.dispose();
    }
  }

  /**
   * A failed upload's object and name given back. The object is left to the sweep (unfinished-uploads.ts)
   * when S3 refuses the removal too. An upload refused while it arrived has no put under way (spoolUpload
   * abandons it before it answers); the key is removed all the same, in case a store kept part of it.
   */
  private async undo(receipt: Receipt) {
    await receipt.storing;
    const left = receipt.unrecorded;
    if (left)
      await this.store
        .remove(left.key)
        .then(() => this.unfinished.end(left.key))
        .catch((err: Error) => this.logger.error({ msg: 'unrecorded upload not removed', error: err.message }));
    const claim = receipt.claim;
    const taken = claim && (await claim.name.catch(() => undefined));
    if (claim && taken)
      await this.names
        .release(claim.applicationId, taken)
        .catch((err: Error) => this.logger.error({ msg: 'document name not released', error: err.message }));
  }

  /** What a failed upload answers: a refusal 400, and the rest as it is (logged unless it is expected). */
  private answerTo(e: unknown): unknown {
    if (e instanceof UploadRefused) return new BadRequestException(e.message);
    if (e instanceof NotFoundException) return e;
    // A full inspection queue (503), a body too slow (408): answered as they are, nothing went wrong here.
    if (e instanceof HttpException && [408, 503].includes(e.getStatus())) return e;
    this.logger.error({ msg: 'upload failed', error: (e as Error).message });
    return e;
  }
}
