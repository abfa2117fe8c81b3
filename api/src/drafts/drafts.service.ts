import { BadRequestException, Injectable, Logger, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, mongo } from 'mongoose';
import {
  API_CODES,
  DRAFT_LIMITS,
  draftFieldsFit,
  isDraftPage,
  isDraftSecret,
  isMasked,
  keepMasked,
  type DraftPage,
  type DraftView,
} from '@portal/libs';
import { ApplicationsService } from '../applications/applications.service';
import { findFirst } from '../common/driver-read';
import { PiiCipher, maskDate, maskTail } from '../common/pii';
import { Draft } from './draft.schema';

type Fields = Record<string, unknown>;
const isPlain = (v: unknown): v is Fields => v !== null && typeof v === 'object' && !Array.isArray(v);
const isDuplicate = (e: unknown) => (e as { code?: number })?.code === 11000;

/** A draft untouched this long is dropped when next read (FerretDB has no TTL indexes to expire it). */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/** The mask the api answers for a secret field (the owners and business steps answer the same). */
const maskOf = (key: string, value: string) => (key === 'dateOfBirth' ? maskDate(value) : maskTail(value));

/** Every secret field masked, at any depth (drafts are at most DRAFT_LIMITS.depth deep). */
function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (!isPlain(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, isDraftSecret(k) && typeof v === 'string' ? maskOf(k, v) : masked(v)]),
  );
}

/** Whether any secret field sent, at any depth, is a mask (only then does the draft on file matter). */
function sendsMask(sent: unknown): boolean {
  if (Array.isArray(sent)) return sent.some(sendsMask);
  if (!isPlain(sent)) return false;
  return Object.entries(sent).some(([k, v]) => (isDraftSecret(k) ? isMasked(v) : sendsMask(v)));
}

/**
 * The sent fields, each secret one sent back as the exact mask of the one the draft holds at the same
 * place replaced by that one (libs keepMasked): a restored draft, typed on, keeps what was typed.
 */
function keepSecrets(sent: unknown, before: unknown): unknown {
  if (Array.isArray(sent)) return sent.map((v, i) => keepSecrets(v, Array.isArray(before) ? before[i] : undefined));
  if (!isPlain(sent)) return sent;
  const prev = isPlain(before) ? before : {};
  return Object.fromEntries(
    Object.entries(sent).map(([k, v]) => {
      if (!isDraftSecret(k)) return [k, keepSecrets(v, prev[k])];
      const stored = typeof prev[k] === 'string' ? prev[k] : undefined;
      return [k, keepMasked(v, stored, maskOf(k, stored ?? ''))];
    }),
  );
}

@Injectable()
export class DraftsService {
  private readonly logger = new Logger(DraftsService.name);

  constructor(
    @InjectModel(Draft.name) private readonly drafts: Model<Draft>,
    private readonly applications: ApplicationsService,
    private readonly pii: PiiCipher,
  ) {}

  /**
   * The collection itself: a draft is read, written and deleted by its string `_id` with fields that are all
   * ours, so Mongoose's query building and casting (more of the api's CPU than the command on the nine draft
   * calls of a journey) bought nothing.
   */
  private get raw(): mongo.Collection<Draft> {
    return this.drafts.collection as unknown as mongo.Collection<Draft>;
  }

  /** The application's id as kept, once it is the user's (404 otherwise, like every record) and the page keeps drafts. */
  private async owned(applicationId: string, page: string, userId: string): Promise<string> {
    if (!isDraftPage(page)) throw new NotFoundException(API_CODES.draftPageInvalid);
    return this.applications.checkOwner(applicationId, userId);
  }

  /** The draft's fields in clear (server side only), or {} when there is none or it is too old. */
  private async fieldsOf(id: string): Promise<Fields> {
    const doc = (await findFirst(this.drafts, { _id: id })) as Draft | null;
    if (!doc) return {};
    if (Date.now() - (doc.updatedAt?.getTime() ?? 0) > DRAFT_MAX_AGE_MS) {
      await this.raw.deleteOne({ _id: id });
      return {};
    }
    const fields: unknown = JSON.parse(this.pii.open(doc.sealed));
    return isPlain(fields) ? fields : {};
  }

  async read(applicationId: string, page: string, userId: string): Promise<DraftView> {
    const app = await this.owned(applicationId, page, userId);
    return { page: page as DraftPage, fields: masked(await this.fieldsOf(`${app}:${page}`)) as Fields };
  }

  async save(applicationId: string, page: string, userId: string, fields: unknown): Promise<void> {
    if (JSON.stringify(fields ?? null).length > DRAFT_LIMITS.bytes)
      throw new PayloadTooLargeException(API_CODES.draftInvalid);
    if (!draftFieldsFit(fields)) throw new BadRequestException(API_CODES.draftInvalid);
    const id = `${await this.owned(applicationId, page, userId)}:${page}`;
    if (!Object.keys(fields).length) return void (await this.raw.deleteOne({ _id: id }));
    // The draft on file is read only for a mask sent back in a secret field (a restored draft typed on):
    // every other save replaces it whole, as keepSecrets would.
    const kept = sendsMask(fields) ? keepSecrets(fields, await this.fieldsOf(id)) : fields;
    const sealed = this.pii.seal(JSON.stringify(kept));
    const now = new Date();
    // The schema's timestamps, as Mongoose's updateOne set them.
    const write = (upsert: boolean) =>
      this.raw.updateOne(
        { _id: id },
        { $set: { userId: String(userId), sealed, updatedAt: now }, $setOnInsert: { createdAt: now } },
        { upsert },
      );
    // Two first saves at once on FerretDB: the loser's is written again, now an update.
    await write(true).catch((e: unknown) => (isDuplicate(e) ? write(false) : Promise.reject(e)));
  }

  async remove(applicationId: string, page: string, userId: string): Promise<void> {
    const app = await this.owned(applicationId, page, userId);
    await this.raw.deleteOne({ _id: `${app}:${page}` });
  }

  /**
   * What the draft of a page keeps (in clear), for the step's save: a secret field restored from the
   * draft comes back as its mask, which then stands for the value kept here. Only called once the
   * step's record is known to be the user's.
   */
  keptFields(applicationId: string, page: DraftPage): Promise<Fields> {
    return this.fieldsOf(`${applicationId}:${page}`);
  }

  /**
   * Drops a page's draft once the page's answers are saved (the step's save, after its write succeeded):
   * what it held is now the saved answers, and the web no longer asks for the removal. The web sends a
   * page's save only once its draft saves have landed, so none comes after this to bring the draft back.
   * The answers are saved whatever happens here: a draft left by a failed removal is only shown over them.
   * Only called once the step's record is known to be the user's.
   */
  async dropSaved(applicationId: string, page: DraftPage): Promise<void> {
    await this.raw.deleteOne({ _id: `${applicationId}:${page}` }).catch((e: unknown) => {
      this.logger.warn({ msg: 'saved page draft not dropped', page, error: (e as Error)?.message });
    });
  }
}
