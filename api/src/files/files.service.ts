import {
  BadRequestException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Request } from 'express';
import { isValidObjectId, Types, type Model } from 'mongoose';
import {
  FILE_CODES,
  FILE_TYPES,
  isFileType,
  isIdempotencyKey,
  isRecentStatementMonth,
  MAX_FILE_BYTES,
  type FileType,
  type CashReading,
  type StatementAdviceNote,
  API_CODES,
} from '@portal/libs';
import { ApplicationsService } from '../applications/applications.service';
import { ApplicantUploads } from './applicant-uploads';
import { ApplicationFileIndex } from './application-files';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { StagesService } from '../stages/stages.service';
import { DocumentNames } from './document-names';
import { uploadStore } from './document-store';
import { StoredFile, type StoredFileDocument } from './file.schema';
import type { StoredDocument } from '@portal/workflows';
import { inspectStatement, prepareInspection } from './pdf-inspection';
import { IdempotencyError } from '../common/idempotency/idempotency.service';
import { UnfinishedUploads } from './unfinished-uploads';
import { spoolBuffer, spoolUpload, UploadRefused, type Destination, type SpooledUpload } from './upload-stream';

type Decide = (fields: Record<string, string>) => Promise<Destination>;

export const FILE_NOT_FOUND = API_CODES.fileNotFound;
const view = (f: StoredFileDocument) => ({
  _id: String(f._id),
  applicationId: String(f.applicationId),
  fileName: f.fileName,
  fileType: f.fileType,
  monthLabel: f.monthLabel,
  size: f.size,
  advice: f.advice ?? [],
  ...(f.source ? { source: f.source } : {}),
});

/** The applicant's documents: checked, stored in S3, recorded, and handed to the workflow for the CRM. */
@Injectable()
export class FilesService {
  private readonly logger = new Logger(FilesService.name);
  private readonly store;
  private readonly turns = new ApplicantUploads();

  constructor(
    @InjectModel(StoredFile.name) private readonly files: Model<StoredFile>,
    @Inject(SETTINGS) settings: ApiSettings,
    private readonly applications: ApplicationsService,
    private readonly names: DocumentNames,
    private readonly unfinished: UnfinishedUploads,
    private readonly stages: StagesService,
    private readonly index: ApplicationFileIndex,
  ) {
    this.store = uploadStore(settings);
    prepareInspection();
  }

  /**
   * Multipart: applicationId, fileType, monthLabel (bank statements), then the file. Read only in one of
   * the applicant's turns (ApplicantUploads: a few at once, the rest wait unread).
   */
  async upload(req: Request, userId: string) {
    if (Number(req.headers['content-length'] ?? 0) > MAX_FILE_BYTES + 64 * 1024)
      throw new BadRequestException(FILE_CODES.tooLarge);
    const done = await this.turns.enter(userId, req);
    try {
      return await this.receive(userId, req.headers['idempotency-key'], (decide) => spoolUpload(req, decide));
    } finally {
      done();
    }
  }

  /**
   * Issue 27 item 2: a PDF the api made itself (the photos a phone sent through its link, photos-to-pdf.ts)
   * goes the way of any upload: the applicant's turns, the slot's checks, S3, the PDF inspection and its
   * queue, the File row and the workflow. `req` is the phone's request (its turn ends if it goes away).
   */
  async uploadMadePdf(
    req: Request,
    userId: string,
    fields: { applicationId: string; fileType: FileType; monthLabel?: string },
    pdf: Buffer,
  ) {
    const done = await this.turns.enter(userId, req);
    try {
      const given = { ...fields, monthLabel: fields.monthLabel ?? '' };
      return await this.receive(userId, undefined, (decide) => spoolBuffer(pdf, given, decide));
    } finally {
      done();
    }
  }

  /**
   * The application (owner-checked: 404 otherwise) when the slot is one its journey asks for now; the
   * upload's own checks, also run before a phone link is made for the slot.
   */
  async slotOf(applicationId: string, userId: string, fileType: unknown, monthLabel?: string) {
    // Only the application's id is needed: its owner is checked from memory when known (issue 26).
    const app = { _id: new Types.ObjectId(await this.applications.checkOwner(applicationId, userId)) };
    if (!isFileType(fileType)) throw new UploadRefused(API_CODES.fileTypeInvalid);
    const bank = fileType === FILE_TYPES.bankStatement;
    const month = bank ? (monthLabel ?? '').trim() : undefined;
    if (bank && !/^[A-Z][a-z]+ \d{4}$/.test(month ?? '')) throw new UploadRefused(API_CODES.monthLabelRequired);
    if (bank && !isRecentStatementMonth(month!, new Date())) throw new UploadRefused(FILE_CODES.monthNotAsked);
    // Issue 25 item 10: each document only once the journey asks for it, not while the applicant is still
    // at the financial step: statements from the statements step (after the signature), the voided
    // check and the license from the final documents (DOCUMENTS 2, once the statements are submitted).
    if (!(await this.atDocuments(app._id, bank ? 1 : 2))) throw new UploadRefused(FILE_CODES.notAtThisStep);
    return { app, fileType, monthLabel: month };
  }

  private async receive(userId: string, idempotencyKey: unknown, spool: (decide: Decide) => Promise<SpooledUpload>) {
    const keyed = isIdempotencyKey(idempotencyKey);
    const fileId = fileIdFor(userId, idempotencyKey);
    let record: Omit<StoredFile, 'size' | 'advice' | 'cash'> | undefined;
    // The name claim in flight: a client that aborts while it is taken must still give it back.
    let claim: { applicationId: Types.ObjectId; name: Promise<string> } | undefined;
    // The same keyed upload stored before, its answer lost with the api that ran it: that file is the answer.
    let earlier: StoredFileDocument | null | undefined;
    // The object S3 may hold without a File row: a refused file (stored while it was judged), or a put
    // whose answer was lost (a reset or a timeout after the bytes went) took effect all the same, and the
    // applicant's retry stores the file again under a new key. Removed on failure, once its upload has
    // settled (resilience suite, 'reset after send' on the statement upload).
    let unrecorded: { key: string } | undefined;
    // The put, settled either way: the object is removed only after it.
    let storing: Promise<unknown> | undefined;
    try {
      const upload = await spool(async (fields) => {
        const { app, fileType, monthLabel } = await this.slotOf(
          fields.applicationId ?? '',
          userId,
          fields.fileType,
          fields.monthLabel,
        );
        claim = { applicationId: app._id, name: this.names.take(app._id, fileType, monthLabel) };
        const fileName = await claim.name;
        const filePath = `applications/${String(app._id)}/documents/${String(fileId)}-${fileName}`;
        record = { applicationId: app._id, fileName, filePath, fileType, monthLabel };
        // Looked up before any byte goes to S3: a repeat stores nothing (a refused repeat would remove it).
        earlier = keyed ? await this.files.findById(fileId) : null;
        if (earlier) return { key: filePath };
        // Noted before any byte goes to S3: an api that dies mid-put leaves the object (or what a store kept
        // of an unfinished put) to the sweep. The row spans the rest of the upload too, which Node's request
        // timeout (5 minutes) keeps well under the sweep's 10.
        await this.unfinished.begin(filePath, app._id, fileName);
        unrecorded = { key: filePath };
        // Sent to S3 while the file arrives and while it is judged: no File row before the verdict, and a
        // refused file's object is removed below once its put has settled (400 as before, whatever S3 answered).
        return { key: filePath, put: (body, size, signal) => this.store.put(filePath, body, size, fileName, signal) };
      });
      if (earlier) {
        await upload.dispose();
        // A key is one action: the same key naming another document (a client reusing keys) is refused.
        if (!earlier.applicationId.equals(record!.applicationId) || earlier.fileType !== record!.fileType)
          throw new IdempotencyError('IDEMPOTENCY_KEY_REUSED');
        const taken = await claim!.name;
        if (taken !== earlier.fileName) await this.names.release(claim!.applicationId, taken);
        // That api may have died before telling the workflow (which takes each file once).
        await this.documentUploaded(earlier);
        return view(earlier);
      }
      const stored = upload.stored!;
      storing = stored.catch(() => undefined);
      let advice: StatementAdviceNote[];
      let cash: CashReading | undefined;
      try {
        ({ advice, cash } = await inspectStatement(upload.path, {
          applicationId: String(record!.applicationId),
          applicant: userId,
          statementMonth: record!.monthLabel,
        }));
        try {
          await stored;
        } catch (e) {
          // S3 unreachable or its answer lost: an outage, not our fault (503, the applicant presses again);
          // the object it may hold all the same is removed below.
          this.logger.error({ msg: 'document not stored', error: (e as Error).message });
          throw new ServiceUnavailableException(FILE_CODES.unknown);
        }
      } finally {
        await storing;
        await upload.dispose();
      }
      // Entered under the application first: a File row is never missing from the application's list.
      await this.index.enter(record!.applicationId, fileId);
      const saved = await this.files.create({ _id: fileId, ...record!, size: upload.size, advice, cash });
      unrecorded = undefined;
      // Independent once the File row stands (the sweep keeps an object whose file stands): both at once.
      await Promise.all([
        this.unfinished
          .end(upload.key)
          .catch((err: Error) => this.logger.warn({ msg: 'finished upload not noted', error: err.message })),
        this.documentUploaded(saved),
      ]);
      return view(saved);
    } catch (e) {
      // Left to the sweep (unfinished-uploads.ts) when S3 refuses the removal too. An upload refused while
      // it arrived has no put under way (spoolUpload abandons it before it answers); what a store kept of
      // the abandoned put (s3rver keeps the bytes it had) goes too.
      await storing;
      const left = unrecorded;
      if (left)
        await this.store
          .remove(left.key)
          .then(() => this.unfinished.end(left.key))
          .catch((err: Error) => this.logger.error({ msg: 'unrecorded upload not removed', error: err.message }));
      const taken = claim && (await claim.name.catch(() => undefined));
      if (claim && taken)
        await this.names
          .release(claim.applicationId, taken)
          .catch((err: Error) => this.logger.error({ msg: 'document name not released', error: err.message }));
      if (e instanceof UploadRefused) throw new BadRequestException(e.message);
      if (e instanceof NotFoundException) throw e;
      // A full inspection queue (503), a body too slow (408): answered as they are, nothing went wrong here.
      if (e instanceof HttpException && [408, 503].includes(e.getStatus())) throw e;
      this.logger.error({ msg: 'upload failed', error: (e as Error).message });
      throw e;
    }
  }

  /**
   * Issue 27 item 1: a statement fetched from the applicant's bank, stored like an upload (the same name
   * claim, S3 object, reading, File row and workflow signal that puts it in the CRM), marked source 'bank'.
   * `aggregatorCash`: the month's cash from the bank's data, kept when the text is not readable enough.
   */
  async storeFetched(
    applicationId: string,
    userId: string,
    monthLabel: string,
    bytes: Uint8Array,
    aggregatorCash?: () => Promise<CashReading | undefined>,
  ) {
    const app = await this.applications.owned(applicationId, userId);
    if (!isRecentStatementMonth(monthLabel, new Date())) throw new BadRequestException(FILE_CODES.monthNotAsked);
    if (!(await this.atDocuments(app._id, 1))) throw new BadRequestException(FILE_CODES.notAtThisStep);
    const fileId = new Types.ObjectId();
    const fileName = await this.names.take(app._id, FILE_TYPES.bankStatement, monthLabel).catch((e: Error) => {
      throw e instanceof UploadRefused ? new BadRequestException(e.message) : e;
    });
    const filePath = `applications/${String(app._id)}/documents/${String(fileId)}-${fileName}`;
    const dir = await mkdtemp(join(tmpdir(), 'portal-bank-'));
    const path = join(dir, 'statement.pdf');
    let stored = false;
    try {
      await writeFile(path, bytes);
      const inspected = await inspectStatement(path, {
        applicationId: String(app._id),
        applicant: userId,
        statementMonth: monthLabel,
      });
      const { advice } = inspected;
      // A text not readable enough for its cash: the bank's own data for that month, when it gives it.
      const cash = inspected.cash?.readable ? inspected.cash : ((await aggregatorCash?.()) ?? inspected.cash);
      await this.unfinished.begin(filePath, app._id, fileName);
      await this.store.put(
        filePath,
        Readable.from(Buffer.from(bytes)),
        bytes.byteLength,
        fileName,
        new AbortController().signal,
      );
      stored = true;
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
        source: 'bank',
      });
      await Promise.all([this.unfinished.end(filePath).catch(() => undefined), this.documentUploaded(saved)]);
      return view(saved);
    } catch (e) {
      if (stored) await this.store.remove(filePath).catch(() => undefined);
      await this.names.release(app._id, fileName).catch(() => undefined);
      throw e;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Whether the journey's saved position is at the documents stage, step `fromStep` or later (1 the bank
   * statements, 2 the offer and the final documents, 3 submitted).
   */
  private async atDocuments(applicationId: Types.ObjectId, fromStep: number): Promise<boolean> {
    const [stage] = await this.stages.forApplications([applicationId]);
    return stage?.pageName === 'DOCUMENTS' && stage.pageStep >= fromStep;
  }

  /**
   * Tells the workflow of a stored file, except a bank statement while the journey is at the statements
   * step (issue 26): those go to it all at once with 'submit statements' (documentsOf), which is when the
   * CRM can take them, rather than one signal and workflow task each. Read after the File row stands, so
   * a statement stored while the statements are being submitted is either in their list or told here
   * (and 'submit application' hands the statements over again, which the workflow takes once).
   */
  private async documentUploaded(file: StoredFileDocument) {
    if (file.fileType === FILE_TYPES.bankStatement) {
      const [stage] = await this.stages.forApplications([file.applicationId]);
      if (stage?.pageName === 'DOCUMENTS' && stage.pageStep === 1) return;
    }
    return this.applications.documentUploaded(String(file.applicationId), storedDocument(file));
  }

  /** The application's files as the workflow copies them to the CRM (issue 26), oldest first. */
  async documentsOf(applicationId: Types.ObjectId): Promise<StoredDocument[]> {
    return (await this.index.fieldsOf(applicationId, ['fileType', 'filePath', 'fileName'])).map(storedDocument);
  }

  async list(applicationId: string, userId: string) {
    const id = await this.applications.checkOwner(applicationId, userId);
    return (await this.index.filesOf(new Types.ObjectId(id))).map(view);
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

  /** Whether the application has a document of this type. */
  async has(applicationId: Types.ObjectId, fileType: FileType): Promise<boolean> {
    return (await this.index.fieldsOf(applicationId, ['fileType'])).some((f) => f.fileType === fileType);
  }
}

/**
 * A keyed upload's file id comes from its Idempotency-Key (and the user): a repeat the idempotency claim
 * lets run again, because the api that ran the first died after the File row and before the answer was
 * stored, finds that row instead of storing the file twice (load run with an api killed mid-upload: a
 * statement twice in the CRM). Without a key, a new id.
 */
function fileIdFor(userId: string, key: unknown): Types.ObjectId {
  if (!isIdempotencyKey(key)) return new Types.ObjectId();
  return new Types.ObjectId(createHash('sha256').update(`file:${userId}:${key}`).digest('hex').slice(0, 24));
}

/** A stored file as the workflow's document copies name it. */
const storedDocument = (f: Pick<StoredFile, 'filePath' | 'fileName' | 'fileType'> & { _id: Types.ObjectId }) => ({
  fileId: String(f._id),
  s3Key: f.filePath,
  fileName: f.fileName,
  fileType: f.fileType,
});
