import { clientIp } from '../common/client-ip';
import {
  BadRequestException,
  GoneException,
  Inject,
  Injectable,
  NotFoundException,
  PayloadTooLargeException,
} from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Request } from 'express';
import { dirname } from 'node:path';
import { isValidObjectId, SchemaTypes, Types, type Model } from 'mongoose';
import QRCode from 'qrcode';
import { API_CODES, FILE_CODES, languageOf, linkInLanguage, type FileType } from '@portal/libs';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { PHONE_LINK_MINUTES, phoneLinkKey, signPhoneLink, verifyPhoneLink } from '../status/status-link';
import { DocumentSlots } from './document-slots';
import { FilesService } from './files.service';
import { DocumentNames } from './document-names';
import { PHOTOS_BODY_BYTES, refusal, spoolPhotos } from './phone-photos';
import { convertPhotos } from './photo-conversion';
import { PhotoRefused } from './photos-to-pdf';
import { UploadRefused } from './upload-stream';
import { openSpool, type SpoolFolder } from './upload/spool-folder';

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
    private readonly names: DocumentNames,
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
    const url = linkInLanguage(`${this.settings.PUBLIC_URL}/phone/${token}`, languageOf(body.language));
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
   * The phone's photos: taken once (the link is claimed while they are read, checked and stored), made into
   * one PDF in an inspection thread and sent down the slot's upload path; the link is used after. The slot
   * is asked first, so a slot that cannot take a file costs no reading and no conversion.
   * What a refusal leaves of the link (the product's rule):
   * - the photos' fault (not a photo, too big, too many): open again, the phone takes other photos;
   * - the slot's (full, the journey past it, its month no longer asked, the application gone): the link is
   *   ended (revoked: the phone says it is no longer valid, the desktop offers a new link), whether found
   *   before the photos were read or after they were converted; a link is one file for one slot, never a
   *   standing door that converts photos for a slot that refuses them;
   * - ours (a full queue, S3 or the database failing, our own PDF refused): open again, to try once more.
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
    const fields = {
      applicationId: String(link.applicationId),
      fileType: link.fileType as FileType,
      ...(link.monthLabel ? { monthLabel: link.monthLabel } : {}),
    };
    let after: LinkState = 'open';
    let spool: SpoolFolder | undefined;
    try {
      await this.slotTakesOne(link.userId, fields);
      spool = await openSpool();
      const photos = await spoolPhotos(req, dirname(spool.path));
      const who = { applicant: link.userId, address: clientIp(req) };
      const made = await convertPhotos(who, photos, spool.path).catch((e: unknown) => {
        throw e instanceof PhotoRefused ? refusal(e) : e;
      });
      await this.files.uploadMadePdf(req, link.userId, fields, { ...made, ...spool });
      after = 'used';
      return { fileType: link.fileType, pages: made.pages };
    } catch (e) {
      if (slotRefused(e)) after = 'revoked';
      throw e instanceof UploadRefused ? new BadRequestException(e.message) : e;
    } finally {
      await spool?.dispose();
      // Unless it was revoked meanwhile.
      await this.links.updateOne({ _id: link._id, state: 'sending' }, { $set: { state: after } });
    }
  }

  /** The upload path's own checks of the slot, and a name free in it (UploadRefused otherwise). */
  private async slotTakesOne(
    userId: string,
    fields: { applicationId: string; fileType: FileType; monthLabel?: string },
  ) {
    const slot = await this.slots.slotOf(fields.applicationId, userId, fields.fileType, fields.monthLabel);
    if (!(await this.names.hasRoom(slot.app._id, slot.fileType, slot.monthLabel)))
      throw new UploadRefused(FILE_CODES.slotFull);
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

/** The slot's own refusals (and the application gone), as the upload path answers them: the link ends. */
const SLOT_REFUSALS = new Set<string>([
  FILE_CODES.slotFull,
  FILE_CODES.notAtThisStep,
  FILE_CODES.monthNotAsked,
  API_CODES.fileTypeInvalid,
  API_CODES.monthLabelRequired,
]);
const slotRefused = (e: unknown) =>
  e instanceof NotFoundException ||
  ((e instanceof UploadRefused || e instanceof BadRequestException) && SLOT_REFUSALS.has(e.message));
