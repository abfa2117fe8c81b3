import {
  BadRequestException,
  GoneException,
  Inject,
  Injectable,
  NotFoundException,
  PayloadTooLargeException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import busboy from 'busboy';
import type { Request } from 'express';
import { isValidObjectId, SchemaTypes, Types, type Model } from 'mongoose';
import QRCode from 'qrcode';
import { API_CODES, FILE_CODES, MAX_FILE_BYTES, type FileType } from '@portal/libs';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { PHONE_LINK_MINUTES, phoneLinkKey, signPhoneLink, verifyPhoneLink } from '../status/status-link';
import { DocumentSlots } from './document-slots';
import { FilesService } from './files.service';
import { PHOTO_LIMITS, PhotoRefused, photoHeader, photosToPdf } from './photos-to-pdf';
import { UploadRefused } from './upload-stream';

/** A phone link's life: open, taken while its photos are checked, used once they are stored, or revoked. */
type LinkState = 'open' | 'sending' | 'used' | 'revoked';

/** The row that makes a signed phone link single-use and revocable. */
@Schema({ collection: 'phonelinks', versionKey: false })
export class PhoneLink {
  @Prop({ type: SchemaTypes.ObjectId, required: true, index: true }) applicationId: Types.ObjectId;
  @Prop({ type: String, required: true }) userId: string;
  @Prop({ type: String, required: true }) fileType: string;
  @Prop({ type: String }) monthLabel?: string;
  @Prop({ type: Date, required: true }) expiresAt: Date;
  @Prop({ type: String, required: true }) state: LinkState;
}
export const PhoneLinkSchema = SchemaFactory.createForClass(PhoneLink);

/** What the phone is told: the slot only (its type, and a statement's month), never the application's data. */
export type PhoneLinkView = { fileType: string; monthLabel?: string; expiresAt: string; state: 'open' | 'used' };

/** The whole body of one sending: the photos become one PDF, which must stay under an upload's limit. */
export const PHOTOS_BODY_BYTES = MAX_FILE_BYTES - 1024 * 1024;

/** PDFs being made from photos in this process at once (a PNG is decoded to be embedded); past it, 503. */
export const CONVERSIONS = { max: 2 };
let converting = 0;

/**
 * A link that is not (or no longer) valid: forged, expired, revoked, another's. The words of the co-owner's
 * links ('This link is no longer valid'); the phone page says more in its own words (404 or 410, used).
 */
const expired = () => new NotFoundException(API_CODES.statusLinkInvalid);

@Injectable()
export class PhoneLinks {
  private readonly key: Buffer;

  constructor(
    @InjectModel(PhoneLink.name) private readonly links: Model<PhoneLink>,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
    private readonly files: FilesService,
    private readonly slots: DocumentSlots,
  ) {
    this.key = phoneLinkKey(Buffer.from(settings.SESSION_SECRET, 'base64'));
  }

  /** The owner's new link for one slot, with its QR code (an SVG drawn here, so the web carries no encoder). */
  async create(
    userId: string,
    body: { applicationId?: unknown; fileType?: unknown; monthLabel?: unknown; language?: unknown },
  ) {
    const applicationId = typeof body.applicationId === 'string' ? body.applicationId : '';
    const monthLabel = typeof body.monthLabel === 'string' ? body.monthLabel : undefined;
    const slot = await this.slots.slotOf(applicationId, userId, body.fileType, monthLabel).catch((e: unknown) => {
      throw e instanceof UploadRefused ? new BadRequestException(e.message) : e;
    });
    const expiresAt = new Date(Date.now() + PHONE_LINK_MINUTES * 60_000);
    const link = await this.links.create({
      applicationId: slot.app._id,
      userId,
      fileType: slot.fileType,
      monthLabel: slot.monthLabel,
      expiresAt,
      state: 'open',
    });
    const token = signPhoneLink(this.key, {
      applicationId: String(slot.app._id),
      linkId: String(link._id),
      expiresAt: expiresAt.getTime(),
    });
    // The phone page opens in the desktop's language.
    const url = `${this.settings.PUBLIC_URL}/phone/${token}?lng=${body.language === 'fr-CA' ? 'fr-CA' : 'en'}`;
    const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { linkId: String(link._id), token, url, qrSvg, expiresAt: expiresAt.toISOString() };
  }

  /** The owner's link, as the desktop's dialog polls it: open, used, revoked or expired. */
  async state(userId: string, linkId: string): Promise<{ state: LinkState | 'expired' }> {
    const link = isValidObjectId(linkId) ? await this.links.findById(linkId) : null;
    if (!link || link.userId !== userId) throw expired();
    const state = link.state === 'open' && link.expiresAt.getTime() <= Date.now() ? 'expired' : link.state;
    return { state };
  }

  /** The owner cancels a link: it stops working at once (a link already used stays used). */
  async revoke(userId: string, linkId: string): Promise<void> {
    if (!isValidObjectId(linkId)) throw expired();
    const res = await this.links.updateOne(
      { _id: new Types.ObjectId(linkId), userId, state: { $in: ['open', 'sending'] } },
      { $set: { state: 'revoked' } },
    );
    if (!res.matchedCount && !(await this.links.exists({ _id: new Types.ObjectId(linkId), userId }))) throw expired();
  }

  /** The phone's view of its link: the slot, when it ends, and whether it was used. */
  async view(token: string): Promise<PhoneLinkView> {
    const link = await this.live(token);
    return {
      fileType: link.fileType,
      ...(link.monthLabel ? { monthLabel: link.monthLabel } : {}),
      expiresAt: link.expiresAt.toISOString(),
      state: link.state === 'used' ? 'used' : 'open',
    };
  }

  /**
   * The phone's photos: taken once (the link is claimed while they are read, checked and stored, freed again
   * if they are refused), made into one PDF and sent down the slot's upload path; the link is used after.
   */
  async receive(token: string, req: Request): Promise<{ fileType: string; pages: number }> {
    if (Number(req.headers['content-length'] ?? 0) > PHOTOS_BODY_BYTES)
      throw new PayloadTooLargeException(FILE_CODES.tooLarge);
    const link = await this.live(token);
    const claimed = await this.links.findOneAndUpdate(
      { _id: link._id, state: 'open', expiresAt: { $gt: new Date() } },
      { $set: { state: 'sending' } },
      { new: true },
    );
    if (!claimed) throw link.state === 'revoked' ? expired() : new GoneException(API_CODES.statusLinkInvalid);
    let used = false;
    try {
      const photos = await readPhotos(req);
      if (converting >= CONVERSIONS.max) throw new ServiceUnavailableException(FILE_CODES.busy);
      converting++;
      const pdf = await photosToPdf(photos)
        .catch((e: unknown) => {
          throw e instanceof PhotoRefused ? refusal(e) : e;
        })
        .finally(() => converting--);
      await this.files.uploadMadePdf(
        req,
        link.userId,
        {
          applicationId: String(link.applicationId),
          fileType: link.fileType as FileType,
          ...(link.monthLabel ? { monthLabel: link.monthLabel } : {}),
        },
        pdf,
      );
      used = true;
      return { fileType: link.fileType, pages: photos.length };
    } finally {
      // Used once stored; refused photos leave the link open for another try (unless it was revoked meanwhile).
      await this.links.updateOne({ _id: link._id, state: 'sending' }, { $set: { state: used ? 'used' : 'open' } });
    }
  }

  /** The link row of a token this api signed, not revoked and not expired (404 alike for all the others). */
  private async live(token: string) {
    const claims = verifyPhoneLink(this.key, token);
    const link = claims ? await this.links.findById(claims.linkId) : null;
    if (!claims || !link || String(link.applicationId) !== claims.applicationId) throw expired();
    if (link.state === 'revoked' || (link.state !== 'used' && link.expiresAt.getTime() <= Date.now())) throw expired();
    return link;
  }
}

const refusal = (e: PhotoRefused) =>
  new BadRequestException(e.reason === 'tooBig' ? FILE_CODES.photoTooBig : FILE_CODES.photosOnly);

/**
 * The photos of a multipart body, in memory: at most PHOTO_LIMITS.count files of PHOTO_LIMITS.bytes, each a
 * JPEG or PNG by its first bytes and within the pixel limits (judged from its header as soon as it is whole).
 */
export async function readPhotos(req: Request): Promise<Buffer[]> {
  if (!/^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '') || req.readableEnded)
    throw new BadRequestException(FILE_CODES.photosOnly);
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers,
      limits: {
        files: PHOTO_LIMITS.count,
        fileSize: PHOTO_LIMITS.bytes,
        fields: 0,
        parts: PHOTO_LIMITS.count + 2,
      },
    });
  } catch {
    throw new BadRequestException(FILE_CODES.photosOnly);
  }
  return new Promise<Buffer[]>((resolve, reject) => {
    const photos: Buffer[] = [];
    let settled = false;
    let total = 0;
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(bb);
      req.resume();
      reject(e);
    };
    bb.on('file', (_name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => {
        total += c.length;
        if (total > PHOTOS_BODY_BYTES) fail(new PayloadTooLargeException(FILE_CODES.tooLarge));
        else chunks.push(c);
      });
      stream.on('limit', () => fail(new BadRequestException(FILE_CODES.photoTooBig)));
      stream.on('error', () => fail(new BadRequestException(FILE_CODES.photosOnly)));
      stream.on('end', () => {
        if (settled) return;
        const bytes = Buffer.concat(chunks);
        try {
          photoHeader(bytes);
        } catch (e) {
          return fail(e instanceof PhotoRefused ? refusal(e) : new BadRequestException(FILE_CODES.photosOnly));
        }
        photos.push(bytes);
      });
    });
    bb.on('filesLimit', () => fail(new BadRequestException(FILE_CODES.tooManyPhotos)));
    bb.on('partsLimit', () => fail(new BadRequestException(FILE_CODES.tooManyPhotos)));
    bb.on('fieldsLimit', () => fail(new BadRequestException(FILE_CODES.photosOnly)));
    bb.on('error', () => fail(new BadRequestException(FILE_CODES.photosOnly)));
    req.on('error', () => fail(new BadRequestException(FILE_CODES.photosOnly)));
    bb.on('close', () => {
      if (settled) return;
      if (!photos.length) return fail(new BadRequestException(FILE_CODES.photosOnly));
      settled = true;
      resolve(photos);
    });
    req.pipe(bb);
  });
}
