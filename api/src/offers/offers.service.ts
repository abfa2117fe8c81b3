import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { API_CODES, FILE_TYPES, offerAffordability, type OfferOptionView, type OfferView } from '@portal/libs';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, type Model, type Types } from 'mongoose';
import { calculateOffers, emailOffer } from '@portal/workflows';
import { ApplicationProgress } from '../applications/application-progress.service';
import { ApplicationsService } from '../applications/applications.service';
import { readById } from '../common/driver-read';
import { findOrCreate } from '../common/find-or-create';
import { DraftsService } from '../drafts/drafts.service';
import { ApplicationWorkflows } from '../temporal/application-workflows.service';
import { Offer, type OfferDocument } from './offer.schema';
import { ApplicationFileIndex } from '../files/application-files';
import { PricedAhead } from './priced-ahead';

export const OFFER_NOT_FOUND = API_CODES.offerNotFound;
export const REP_NOT_FOUND = API_CODES.repNotFound;
export const UNKNOWN_ERROR = API_CODES.unknownError;
export const SELECT_AN_OFFER = API_CODES.selectAnOffer;
type Option = Record<string, string>;

const view = (o: OfferDocument): OfferView => ({
  _id: String(o._id),
  applicationId: String(o.applicationId),
  offerType: o.offerType,
  offerOptions: o.offerOptions as OfferOptionView[],
});

/** The offers and the emailed offer. Prices come from the workflow; the client only chooses. */
@Injectable()
export class OffersService {
  constructor(
    @InjectModel(Offer.name) private readonly offers: Model<Offer>,
    private readonly files: ApplicationFileIndex,
    private readonly applications: ApplicationsService,
    private readonly workflows: ApplicationWorkflows,
    private readonly progress: ApplicationProgress,
    private readonly drafts: DraftsService,
    private readonly pricedAhead: PricedAhead,
  ) {}

  /** Sign-up's find-or-create of the application's offer record (options arrive later), under the application's id. */
  ensureFor(applicationId: Types.ObjectId, likelyNew = false) {
    return findOrCreate(this.offers, { _id: applicationId }, { applicationId, offerOptions: [] }, likelyNew);
  }

  /** The application's offer, plain, if any (for the user's read path). */
  leanFor(applicationId: Types.ObjectId | string) {
    return readById(this.offers, applicationId);
  }

  /** Whether one of the priced options is chosen (the offers step's answer). */
  async hasSelection(applicationId: Types.ObjectId | string): Promise<boolean> {
    const offer = await this.offers.findById(applicationId, { offerOptions: 1 }).lean();
    return offer?.offerOptions.some((o) => String(o.isSelected) === 'true') ?? false;
  }

  private async ofApplication(applicationId: string, userId: string, checked = false): Promise<OfferView> {
    const id = checked ? applicationId : await this.applications.checkOwner(applicationId, userId);
    return this.withAffordability(await this.offers.findById(id).orFail(() => new NotFoundException(OFFER_NOT_FOUND)));
  }

  /**
   * The offer with what each option costs against the application's bank statements:
   * read from the daily balances and deposits their upload stored (files' `cash`), here on the api; the
   * statements themselves never reach the browser. Callers have checked the application is the user's.
   */
  private async withAffordability(offer: OfferDocument): Promise<OfferView> {
    const answer = view(offer);
    if (!answer.offerOptions.length) return answer;
    // By the application's keyed file list and each file by `_id` (a filter on applicationId scans).
    const files = await this.files.fieldsOf(offer.applicationId, ['fileType', 'cash']);
    const statements = files.filter((f) => f.fileType === FILE_TYPES.bankStatement);
    return {
      ...answer,
      affordability: offerAffordability(
        answer.offerOptions,
        statements.map((s) => s.cash),
      ),
    };
  }

  get(applicationId: string, userId: string): Promise<OfferView> {
    return this.ofApplication(applicationId, userId);
  }

  /**
   * The offers priced for the page's load: as the workflow priced them with the statements' submission (or
   * on a load minutes ago) while that pricing is fresh (PricedAhead), otherwise priced now through the
   * workflow (the offer-calculation service). A previous selection is restored by the pricing either way.
   */
  async calculate(applicationId: string, userId: string): Promise<OfferView> {
    const id = await this.applications.checkOwner(applicationId, userId);
    const priced = await this.pricedAhead.of(id);
    if (priced) return this.withAffordability(priced);
    await this.workflows.update(id, calculateOffers, [], UNKNOWN_ERROR);
    return this.ofApplication(id, userId, true);
  }

  /**
   * Saves the selection: exactly one of the priced options (by id, or the one flagged isSelected), the
   * others not, and offerType from the chosen option. Amounts sent by the client are never taken. The
   * page's draft (the pick not yet saved) goes with the save.
   */
  async select(offerId: string, userId: string, body: { selectedId?: unknown; offerOptions?: unknown }) {
    const offer = isValidObjectId(offerId) ? await this.offers.findById(offerId) : null;
    if (!offer) throw new NotFoundException(OFFER_NOT_FOUND);
    await this.applications.checkOwner(String(offer.applicationId), userId).catch(() => {
      throw new NotFoundException(OFFER_NOT_FOUND);
    });
    const flagged = Array.isArray(body.offerOptions)
      ? (body.offerOptions as unknown[]).find(
          (o): o is Option => typeof o === 'object' && o !== null && String((o as Option).isSelected) === 'true',
        )?.id
      : undefined;
    const chosen = typeof body.selectedId === 'string' ? body.selectedId : flagged;
    const options = offer.offerOptions as Option[];
    const option = options.find((o) => o.id === chosen);
    if (!option) throw new BadRequestException(SELECT_AN_OFFER);
    offer.offerOptions = options.map((o) => ({ ...o, isSelected: o.id === chosen ? 'true' : 'false' }));
    offer.offerType = option.maxAmount ? 'lineOfCredit' : 'standard';
    offer.markModified('offerOptions');
    await offer.save();
    await this.drafts.dropSaved(String(offer.applicationId), 'offer');
    return this.withAffordability(offer);
  }

  async email(applicationId: string, userId: string): Promise<void> {
    const id = await this.applications.checkOwner(applicationId, userId);
    await this.workflows.update(id, emailOffer, [], UNKNOWN_ERROR);
  }

  /**
   * The rep's name and scheduling link, as the workflow learned them at submission (the booking view): from
   * the closed run's progress kept on the record, no query (ApplicationProgress).
   */
  async rep(opportunityId: string, userId: string) {
    const app = await this.applications.findForUser(userId, { sfOpportunityId: opportunityId });
    if (!app) throw new NotFoundException(REP_NOT_FOUND);
    const progress = await this.progress.of(app);
    if (!progress.rep) throw new NotFoundException(REP_NOT_FOUND);
    return progress.rep;
  }
}
