import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, isValidObjectId, type Model } from 'mongoose';
import {
  amountRequestedFields,
  INDUSTRIES,
  industryByName,
  isMasked,
  keepMasked,
  monthlyRevenue,
  normalizeZip,
  parseAmount,
  parseNumber,
  phoneE164,
  revisionOf,
  API_CODES,
  type BusinessView,
  type DraftPage,
  type LeadChange,
} from '@portal/libs';
import { ApplicationsService } from '../applications/applications.service';
import { PiiCipher, maskTail } from '../common/pii';
import { DraftsService } from '../drafts/drafts.service';
import { readById, type Stored } from '../common/driver-read';
import { findOrCreate } from '../common/find-or-create';
import { changesAnswers } from '../common/signed-answers';
import { AnswersChangedException, atRevision, refuseIfStale, sentRevision } from '../common/revisions';
import { validateBody } from '../common/validation.pipe';
import { SECTION_DTOS, type BusinessSection } from './business.dto';
import { ADDRESS_DEFAULTS, Business, type BusinessDocument } from './business.schema';

export const BUSINESS_NOT_FOUND = API_CODES.businessNotFound;

const ADDRESS_FIELDS = ['address', 'suiteFloor', 'city', 'state', 'zip', 'country'] as const;
/** The journey page each section is answered on, whose draft its save drops. */
const DRAFT_PAGE: Record<BusinessSection, DraftPage> = {
  financial: 'financial',
  question: 'businessQuestion',
  details: 'businessDetails',
};

const money = (v: unknown): number | undefined => {
  const n = parseAmount(v);
  return Number.isNaN(n) ? undefined : n;
};
/** Text the rules have already checked; anything else (only ever absent here) is ''. */
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

@Injectable()
export class BusinessesService {
  constructor(
    @InjectModel(Business.name) private readonly businesses: Model<Business>,
    private readonly applications: ApplicationsService,
    private readonly pii: PiiCipher,
    private readonly drafts: DraftsService,
  ) {}

  industries() {
    return INDUSTRIES;
  }

  /** The business when its application is the user's; otherwise 404 as if it did not exist. */
  async owned(businessId: string, userId: string): Promise<BusinessDocument> {
    const business = isValidObjectId(businessId) ? await this.businesses.findById(businessId) : null;
    if (!business) throw new NotFoundException(BUSINESS_NOT_FOUND);
    await this.applications.checkOwner(String(business.applicationId), userId).catch(() => {
      throw new NotFoundException(BUSINESS_NOT_FOUND);
    });
    return business;
  }

  /** Sign-up's find-or-create of the application's blank business, under the application's id (see OwnersService.ensureFor). */
  ensureFor(applicationId: Types.ObjectId, fields: { businessName: string; businessEmail: string }, likelyNew = false) {
    return findOrCreate(this.businesses, { _id: applicationId }, { applicationId, ...fields }, likelyNew);
  }

  /** The application's business as stored, if it has one. */
  ofApplication(applicationId: Types.ObjectId) {
    return this.businesses.findById(applicationId).lean();
  }

  /** The answer shape of the application's business, if it has one (for the user's read path). */
  async viewFor(applicationId: Types.ObjectId | string): Promise<BusinessView | undefined> {
    const business = await readById(this.businesses, applicationId);
    return business ? this.view(business) : undefined;
  }

  /**
   * The saved answers as the forms' rules read them: address fields on top, the tax id decrypted (unless
   * `taxId` is false: a caller judging a section without it, such as a stage move from /financial, spares
   * the decryption).
   */
  async answersOf(applicationId: string, { taxId = true } = {}): Promise<Record<string, unknown> | undefined> {
    // Through the driver (a move forward reads it; a mongoose query's building cost
    // the api more CPU than the read). The stored document, as a lean read gives it.
    const b = (await readById(this.businesses, applicationId)) as Business | null;
    if (!b) return undefined;
    return { ...b, ...b.addressData, federalTaxId: taxId ? this.pii.open(b.federalTaxId) : undefined };
  }

  async forApplication(applicationId: string, userId: string): Promise<BusinessView> {
    // The record as the user's read answers it (viewFor, through the driver): a page's loader asks twice a journey.
    const business = await this.viewFor(await this.applications.checkOwner(applicationId, userId));
    if (!business) throw new NotFoundException(BUSINESS_NOT_FOUND);
    return business;
  }

  /**
   * One step's answers: validated with the section's DTO (the form's own rules) once the business is
   * the user's and the answers the form showed are still those on file (else 409 with the ones on file),
   * saved, then mirrored to the CRM lead; the page's draft goes with the save.
   */
  async update(businessId: string, userId: string, section: BusinessSection, body: Record<string, unknown>) {
    const business = await this.owned(businessId, userId);
    const revision = sentRevision(body);
    refuseIfStale(revision, business, () => this.view(business.toObject()));
    const { set, lead } = await this.changes(business, section, body);
    // Answers a sign request was built from: the workflow voids it, or refuses once signed (signed-answers.ts).
    const stored = { ...business.toObject(), federalTaxId: this.pii.open(business.federalTaxId) };
    const { pageStep: _step, ...answers } = set;
    const compared = { ...answers, ...('federalTaxId' in set ? { federalTaxId: lead.federalTaxId } : {}) };
    const signing = await this.applications.reviseSignedAnswers(
      String(business.applicationId),
      business.signRequestAttempt,
      changesAnswers(stored, compared),
    );
    // One round trip: the write answers the record as saved (no read after it). Held to the revision sent,
    // so of two windows saving from the same answers only the first is written. Answered as a plain record
    // (the update is still cast by the schema): the view is all that is made of it.
    const saved = await this.businesses
      .findOneAndUpdate(
        { _id: business._id, ...atRevision(revision), ...signing },
        { $set: set, $inc: { revision: 1 } },
        { new: true },
      )
      .lean<Stored<Business>>();
    if (!saved) throw await this.changedMeanwhile(business._id);
    if (Object.keys(lead).length) await this.applications.updateLead(String(business.applicationId), lead);
    await this.drafts.dropSaved(String(business.applicationId), DRAFT_PAGE[section]);
    return this.view(saved);
  }

  /** A save whose conditional write matched nothing: another save came first (409 with its answers), or the record is gone. */
  private async changedMeanwhile(id: Types.ObjectId) {
    const current = await this.viewFor(id);
    return current ? new AnswersChangedException(current) : new NotFoundException(BUSINESS_NOT_FOUND);
  }

  /** What a section's answers change: the record's fields, and the CRM lead's. */
  private async changes(
    business: BusinessDocument,
    section: BusinessSection,
    body: Record<string, unknown>,
  ): Promise<Changes> {
    if (section === 'financial') {
      await validateBody(SECTION_DTOS.financial, body);
      return financialChanges(body);
    }
    if (section === 'question') {
      await validateBody(SECTION_DTOS.question, body);
      return questionChanges(body);
    }
    // The exact mask this api answers for the tax id on file, sent back unchanged, keeps that one; else the
    // mask of the one the page's draft keeps (typed, then restored masked); any other mask stays as sent,
    // and the tax id rule refuses it.
    const storedTaxId = this.pii.open(business.federalTaxId);
    const onFile = keepMasked(body.federalTaxId, storedTaxId, maskTail(storedTaxId));
    const taxIdSent = isMasked(onFile) ? await this.draftTaxId(business, onFile) : onFile;
    const form: Record<string, unknown> = { ...body, federalTaxId: taxIdSent };
    await validateBody(SECTION_DTOS.details, form);
    const taxId = str(form.federalTaxId);
    const set = detailsSet(form, this.pii.seal(taxId));
    return { set, lead: detailsLead(set, taxId) };
  }

  /** The tax id the details page's draft keeps, when `sent` is its mask; else `sent` as it came. */
  private async draftTaxId(business: BusinessDocument, sent: string): Promise<unknown> {
    const kept = (await this.drafts.keptFields(String(business.applicationId), 'businessDetails')).federalTaxId;
    const draftTaxId = typeof kept === 'string' ? kept : '';
    return keepMasked(sent, draftTaxId, maskTail(draftTaxId));
  }

  /**
   * The answer shape of a stored business (plain: a driver read, or a document's `toObject()`): ids as
   * strings and the tax id masked.
   */
  view(o: Stored<Business>): BusinessView {
    return {
      ...o,
      // The schema's defaults, which a document applies to a record stored without them.
      pageStep: o.pageStep ?? 1,
      productsInterestedIn: o.productsInterestedIn ?? [],
      addressData: { ...ADDRESS_DEFAULTS, ...o.addressData },
      _id: String(o._id),
      applicationId: String(o.applicationId),
      businessStarted: o.businessStarted ?? 'Yes',
      hasRealEstate: o.hasRealEstate ?? false,
      federalTaxId: this.pii.masked(o.federalTaxId, maskTail),
      revision: revisionOf(o),
    };
  }
}

type Changes = { set: Record<string, unknown>; lead: LeadChange };

function financialChanges(body: Record<string, unknown>): Changes {
  const annual = money(body.annualRevenue)!;
  const amount = money(body.amountRequested)!;
  const monthly = monthlyRevenue(annual);
  return {
    set: { annualRevenue: annual, ...amountRequestedFields(amount), monthlyRevenue: monthly },
    lead: { annualRevenue: annual, amountRequested: amount, monthlyRevenue: monthly },
  };
}

function questionChanges(body: Record<string, unknown>): Changes {
  if (body.businessStarted === 'No') return { set: { businessStarted: 'No', pageStep: 1 }, lead: {} };
  return {
    set: {
      businessStarted: 'Yes',
      businessStartDate: str(body.businessStartDate),
      useOfProceeds: str(body.useOfProceeds),
      pageStep: 2,
    },
    lead: { businessStartDate: str(body.businessStartDate), useOfProceeds: str(body.useOfProceeds) },
  };
}

/** The details section's fields, from its checked form (`sealedTaxId`: the tax id as stored). */
function detailsSet(form: Record<string, unknown>, sealedTaxId: unknown) {
  const address = Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, str(form[k])]));
  // One written form ('H2X 1Y4') for the record, the signed PDF and the lead, however it was typed.
  address.zip = normalizeZip(address.zip ?? '');
  const products = Array.isArray(form.productsInterestedIn) ? form.productsInterestedIn.map(str) : [];
  const employees = parseNumber(form.numberOfEmployees);
  return {
    businessName: str(form.businessName),
    dbaName: str(form.dbaName) || str(form.businessName),
    legalEntity: str(form.legalEntity),
    acceptsCreditCards: str(form.acceptsCreditCards),
    otherBusinessLoans: str(form.otherBusinessLoans),
    federalTaxId: sealedTaxId,
    avgDailyBalance: money(form.avgDailyBalance),
    openLoanBalances: money(form.openLoanBalances) ?? 0,
    // E.164 however it was written (the rules have judged it); the lead's mapper writes it as the CRM has it.
    phoneNumber: phoneE164(str(form.phoneNumber)) ?? str(form.phoneNumber),
    website: str(form.website),
    industry: str(form.industry),
    // The industry's own code: the rules let only that one (or none) through.
    naics: industryByName(form.industry)?.naics ?? '',
    productsInterestedIn: products,
    ...(Number.isNaN(employees) ? {} : { numberOfEmployees: employees }),
    ...(typeof form.businessDescription === 'string' ? { businessDescription: str(form.businessDescription) } : {}),
    ...(form.hasRealEstate !== undefined && form.hasRealEstate !== null && form.hasRealEstate !== ''
      ? { hasRealEstate: form.hasRealEstate === true || form.hasRealEstate === 'Yes' }
      : {}),
    ...(typeof form.hasBusinessBankAccount === 'boolean'
      ? { hasBusinessBankAccount: form.hasBusinessBankAccount }
      : {}),
    addressData: address,
    pageStep: 3,
  };
}

/** The CRM lead's change for the details section: its fields in the lead's words, the tax id in clear. */
function detailsLead(set: ReturnType<typeof detailsSet>, taxId: string): LeadChange {
  const address = set.addressData;
  return {
    businessName: set.businessName,
    dbaName: set.dbaName,
    legalEntity: set.legalEntity,
    federalTaxId: taxId,
    avgDailyBalance: set.avgDailyBalance ?? null,
    openLoanBalances: set.openLoanBalances,
    naics: set.naics,
    stateOfIncorporation: address.state ?? '',
    productsInterestedIn: set.productsInterestedIn,
    acceptsCreditCards: set.acceptsCreditCards === 'Yes',
    hasOpenBusinessLoans: set.otherBusinessLoans === 'Yes',
    hasBusinessBankAccount: set.hasBusinessBankAccount ?? true,
    country: address.country ?? '',
    zip: address.zip ?? '',
    address: address.address ?? '',
    suiteFloor: address.suiteFloor ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    industry: set.industry,
    numberOfEmployees: set.numberOfEmployees ?? null,
    phoneNumber: set.phoneNumber,
    website: set.website,
  };
}
