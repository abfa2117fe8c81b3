import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, type Model, type Types } from 'mongoose';
import {
  MAX_OWNERS,
  OWNER_RULES,
  checkOwnerSet,
  digitsOnly,
  formatPhone,
  isMasked,
  keepMasked,
  normalizeZip,
  phoneE164,
  optionalBoolean,
  parseNumber,
  revisionOf,
  validateForm,
  API_CODES,
  type OwnerSetView,
  type LeadChange,
  type LeadOwner,
} from '@portal/libs';
import { ApplicationsService } from '../applications/applications.service';
import { readById, type Stored } from '../common/driver-read';
import { BoundedMemo } from '../common/bounded-memo';
import { findOrCreate } from '../common/find-or-create';
import { changesAnswers } from '../common/signed-answers';
import { AnswersChangedException, atRevision, refuseIfStale, sentRevision } from '../common/revisions';
import { MEMO_TTL_MS, PiiCipher, maskDate, maskTail } from '../common/pii';
import { DraftsService } from '../drafts/drafts.service';
import { OwnerSet, type OwnerSetDocument, type StoredOwner } from './owner-set.schema';

export const OWNERS_NOT_FOUND = API_CODES.ownersNotFound;
/** The lead's portal status after the owners step. */
export const PORTAL_STATUS_AFTER_OWNERS = 'Missing Signed Application;Missing Bank Statements;No Offer Selected';

/** Text the rules have already checked; anything else (only ever absent here) is ''. */
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown): number | '' => (Number.isNaN(parseNumber(v)) ? '' : parseNumber(v));
type OwnerInput = Record<string, unknown>;
const isOwnerInput = (o: unknown): o is OwnerInput => o !== null && typeof o === 'object' && !Array.isArray(o);
export const OWNERS_REQUIRED = API_CODES.ownersRequired;
/** A phone as stored and sent to the CRM: E.164, in whichever form it was written (the rules have judged it). */
const e164 = (phone: unknown): string => phoneE164(str(phone)) ?? str(phone);

@Injectable()
export class OwnersService {
  /** Stored phones as answered: formatting one was a read's largest cost after the masks (CPU profile). */
  private readonly phones = new BoundedMemo(10_000, MEMO_TTL_MS);

  constructor(
    @InjectModel(OwnerSet.name) private readonly sets: Model<OwnerSet>,
    private readonly applications: ApplicationsService,
    private readonly pii: PiiCipher,
    private readonly drafts: DraftsService,
  ) {}

  /**
   * Sign-up's find-or-create of the application's empty owner set, under the application's id: every
   * lookup by application is by `_id`, which FerretDB v1.24 serves from its index (it scans for any other field).
   */
  ensureFor(applicationId: Types.ObjectId, businessId: Types.ObjectId, likelyNew = false) {
    return findOrCreate(this.sets, { _id: applicationId }, { applicationId, businessId, owners: [] }, likelyNew);
  }

  /** The answer shape of the application's owners, if any (for the user's read path). */
  async viewFor(applicationId: Types.ObjectId | string) {
    const set = await readById(this.sets, applicationId);
    return set ? this.view(set) : undefined;
  }

  /** The owners' names (first and last, as typed), in their order: the status view names owners by them. */
  async namesOf(applicationId: string): Promise<string[]> {
    const set = isValidObjectId(applicationId) ? await this.sets.findById(applicationId).lean() : null;
    return (set?.owners ?? []).map((o) => [o.firstName, o.lastName].filter(Boolean).join(' ').trim());
  }

  /** The owners' emails, lower-cased, in their order (a co-owner's link works while they are one). */
  async emailsOf(applicationId: string): Promise<string[]> {
    const set = isValidObjectId(applicationId) ? await this.sets.findById(applicationId).lean() : null;
    return (set?.owners ?? []).map((o) =>
      String(o.ownerEmailId ?? '')
        .trim()
        .toLowerCase(),
    );
  }

  /** The saved owners as the forms' rules read them: address on top, phone masked, PII decrypted. */
  async answersOf(applicationId: string): Promise<Record<string, unknown>[]> {
    const set = await this.sets.findById(applicationId).lean();
    return (set?.owners ?? []).map((o) => ({
      ...o,
      ...o.addressData,
      phoneNumber: formatPhone(o.phoneNumber ?? ''),
      dateOfBirth: this.pii.open(o.dateOfBirth),
      ssn: this.pii.open(o.ssn),
    }));
  }

  async forApplication(applicationId: string, userId: string) {
    // As the user's read answers it (viewFor, through the driver), not a Mongoose document made to be copied.
    const set = await this.viewFor(await this.applications.checkOwner(applicationId, userId));
    if (!set) throw new NotFoundException(OWNERS_NOT_FOUND);
    return set;
  }

  private async owned(setId: string, userId: string): Promise<OwnerSetDocument> {
    const set = isValidObjectId(setId) ? await this.sets.findById(setId) : null;
    if (!set) throw new NotFoundException(OWNERS_NOT_FOUND);
    await this.applications.checkOwner(String(set.applicationId), userId).catch(() => {
      throw new NotFoundException(OWNERS_NOT_FOUND);
    });
    return set;
  }

  /**
   * The owners step on submit: the owners the form showed still those on file (else 409 with the ones on
   * file), every card by the form's rules, then the set rules, then the CRM; the page's draft goes with the save.
   */
  async update(
    setId: string,
    userId: string,
    body: { owners?: unknown; sameAsBusinessInfo?: unknown; revision?: unknown },
  ) {
    const set = await this.owned(setId, userId);
    const revision = sentRevision(body);
    refuseIfStale(revision, set, () => this.view(set.toObject()));
    const input: unknown[] = Array.isArray(body.owners) ? body.owners : [];
    if (input.length === 0 || input.length > MAX_OWNERS || !input.every(isOwnerInput))
      throw new BadRequestException(OWNERS_REQUIRED);
    const same = optionalBoolean(body.sameAsBusinessInfo, {});
    if (same) throw new BadRequestException({ message: same, fields: { sameAsBusinessInfo: same } });
    // The exact masks this api answers for the owner on file at the same place keep what is on file for
    // that owner; any other mask (a new card has nothing on file) meets the card's rules and is refused.
    const owners = await this.unmasked(input, set);
    const fieldErrors = owners.map((o) => validateForm(OWNER_RULES, o));
    const firstBad = fieldErrors.findIndex((e) => Object.keys(e).length > 0);
    if (firstBad >= 0) {
      const fields = fieldErrors[firstBad]!;
      throw new BadRequestException({ message: Object.values(fields)[0], fields, owner: firstBad });
    }
    const problem = checkOwnerSet(owners);
    if (problem) throw new BadRequestException({ message: problem.message, addSecondOwner: problem.addSecondOwner });

    const plain = owners.map((o, i) => this.plainOwner(o, i));
    const stored = plain.map((o) => ({ ...o, dateOfBirth: this.pii.seal(o.dateOfBirth), ssn: this.pii.seal(o.ssn) }));
    // Owners a sign request was built from (removed, added or changed): the workflow voids it (its signing
    // and status links stop working), or refuses once signed (common/signed-answers.ts).
    const before = set
      .toObject()
      .owners.map((o) => ({ ...o, dateOfBirth: this.pii.open(o.dateOfBirth), ssn: this.pii.open(o.ssn) }));
    const signing = await this.applications.reviseSignedAnswers(
      String(set.applicationId),
      set.signRequestAttempt,
      changesAnswers(before, plain),
    );
    // One round trip: the write answers the set as saved (no read after it). Held to the revision sent, so
    // of two windows saving from the same owners only the first is written.
    // Answered as a plain record (the update is still cast by the schema): the view is all that is made of it.
    const saved = await this.sets
      .findOneAndUpdate(
        { _id: set._id, ...atRevision(revision), ...signing },
        { $set: { owners: stored, sameAsBusinessInfo: body.sameAsBusinessInfo === true }, $inc: { revision: 1 } },
        { new: true },
      )
      .lean<Stored<OwnerSet>>();
    if (!saved) {
      const current = await this.viewFor(set._id);
      throw current ? new AnswersChangedException(current) : new NotFoundException(OWNERS_NOT_FOUND);
    }
    await this.applications.updateLead(String(set.applicationId), this.leadChange(owners));
    await this.drafts.dropSaved(String(set.applicationId), 'owners');
    return this.view(saved);
  }

  /**
   * The cards with each mask sent back replaced by the value it stands for: the one on file when it is that
   * value's mask; else the one the page's draft keeps at the same card (typed, then restored masked after a
   * reload or on another device), the draft read only when a mask is left.
   */
  private async unmasked(input: OwnerInput[], set: OwnerSetDocument): Promise<OwnerInput[]> {
    const onFile = input.map((o, i) => this.unmask(o, set.owners[i]));
    if (!onFile.some((o) => isMasked(o.ssn) || isMasked(o.dateOfBirth))) return onFile;
    const drafted = (await this.drafts.keptFields(String(set.applicationId), 'owners')).owners;
    return onFile.map((o, i) => fromDraft(o, Array.isArray(drafted) ? drafted[i] : undefined));
  }

  private unmask(o: OwnerInput, before: StoredOwner | undefined): OwnerInput {
    // An SSN on file is no SIN: in another country than the one on file, the mask keeps nothing.
    const ssn = str(o.country) === before?.addressData?.country ? this.pii.open(before.ssn) : '';
    const dateOfBirth = this.pii.open(before?.dateOfBirth);
    return {
      ...o,
      ssn: keepMasked(o.ssn, ssn, maskTail(ssn)),
      dateOfBirth: keepMasked(o.dateOfBirth, dateOfBirth, maskDate(dateOfBirth)),
    };
  }

  /** An owner as stored, with the date of birth and the SSN in clear (sealed before the write). */
  private plainOwner(o: OwnerInput, index: number): StoredOwner & { dateOfBirth: string; ssn: string } {
    const type = index === 0 ? 'primary' : 'secondary';
    return {
      type,
      ownerType: type,
      firstName: str(o.firstName),
      lastName: str(o.lastName),
      phoneNumber: e164(o.phoneNumber),
      ownerEmailId: str(o.ownerEmailId).toLowerCase(),
      dateOfBirth: str(o.dateOfBirth),
      ssn: digitsOnly(str(o.ssn)),
      addressData: {
        address: str(o.address),
        city: str(o.city),
        state: str(o.state),
        zip: normalizeZip(str(o.zip)),
        country: str(o.country),
      },
      ownershipPercent: num(o.ownershipPercent),
      creditReport: num(o.creditReport),
      isUSCitizen: o.isUSCitizen === 'Yes' || o.isUSCitizen === true,
    };
  }

  /** The owners the application needs: owner 1 always; owner 2 when owner 1 holds under 51%. */
  private leadChange(owners: OwnerInput[]): LeadChange {
    const [first, second] = owners;
    return {
      owner1: leadOwner(first!),
      portalStatus: PORTAL_STATUS_AFTER_OWNERS,
      hasSecondOwner: owners.length > 1,
      ...(second && parseNumber(first!.ownershipPercent) < 51 ? { owner2: leadOwner(second) } : {}),
    };
  }

  /**
   * The answer for a stored set (plain: a driver read, or a document's `toObject()`): SSN/SIN and date of
   * birth masked; phone in the form's mask.
   */
  view(o: Stored<OwnerSet>): OwnerSetView {
    return {
      _id: String(o._id),
      applicationId: String(o.applicationId),
      businessId: String(o.businessId),
      // The schema's defaults, which a document applies to a record stored without them.
      sameAsBusinessInfo: o.sameAsBusinessInfo ?? false,
      revision: revisionOf(o),
      owners: (o.owners ?? []).map((w) => ({
        ...w,
        phoneNumber: this.phones.of(w.phoneNumber, () => formatPhone(w.phoneNumber)),
        ssn: this.pii.masked(w.ssn, maskTail),
        dateOfBirth: this.pii.masked(w.dateOfBirth, maskDate),
        isUSCitizen: w.isUSCitizen === '' ? '' : w.isUSCitizen ? 'Yes' : 'No',
      })),
    };
  }
}

/** A card's masks that are those of the values its draft keeps (an SSN typed for the same country), as those values. */
function fromDraft(o: OwnerInput, drafted: unknown): OwnerInput {
  const d = isOwnerInput(drafted) ? drafted : {};
  const ssn = str(d.country) === str(o.country) ? str(d.ssn) : '';
  const dateOfBirth = str(d.dateOfBirth);
  return {
    ...o,
    ssn: keepMasked(o.ssn, ssn, maskTail(ssn)),
    dateOfBirth: keepMasked(o.dateOfBirth, dateOfBirth, maskDate(dateOfBirth)),
  };
}

function leadOwner(o: OwnerInput): LeadOwner {
  return {
    firstName: str(o.firstName),
    lastName: str(o.lastName),
    phoneNumber: e164(o.phoneNumber),
    email: str(o.ownerEmailId).toLowerCase(),
    dateOfBirth: str(o.dateOfBirth),
    ownershipPercent: parseNumber(o.ownershipPercent),
    address: str(o.address),
    city: str(o.city),
    state: str(o.state),
    zip: normalizeZip(str(o.zip)),
    country: str(o.country),
    ssn: digitsOnly(str(o.ssn)),
    creditScore: parseNumber(o.creditReport),
  };
}
