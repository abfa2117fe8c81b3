import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isApplicationEnd } from '@portal/workflows';
import { pricedFresh } from '@portal/libs';
import { offerPricingKey } from '@portal/libs/dist/security/offer-pricing-key';
import { ApplicationsService } from '../applications/applications.service';
import { Business } from '../businesses/business.schema';
import { OwnerSet } from '../owners/owner-set.schema';
import { Offer, type OfferDocument } from './offer.schema';

/**
 * The offers as the workflow last priced them (with the statements' submission, or a calculation on an
 * earlier load), when that pricing can answer the offers page as a new one would: made for the answers on
 * file (the offer service's inputs: the credit score, the start date, the annual revenue), within
 * OFFER_PRICING_FRESH_MS, and the application still open (an ended run would refuse a pricing). Otherwise undefined: the caller asks the workflow.
 */
@Injectable()
export class PricedAhead {
  constructor(
    @InjectModel(Offer.name) private readonly offers: Model<Offer>,
    @InjectModel(Business.name) private readonly businesses: Model<Business>,
    @InjectModel(OwnerSet.name) private readonly ownerSets: Model<OwnerSet>,
    private readonly applications: ApplicationsService,
  ) {}

  async of(applicationId: string): Promise<OfferDocument | undefined> {
    // Each by `_id`, at once: four keyed reads cost far less than the workflow update they spare.
    const [offer, business, ownerSet, app] = await Promise.all([
      this.offers.findById(applicationId),
      this.businesses.findById(applicationId, { businessStartDate: 1, annualRevenue: 1 }).lean(),
      this.ownerSets.findById(applicationId, { owners: 1 }).lean(),
      this.applications.byId(applicationId)?.select({ applicationStatus: 1 }).lean(),
    ]);
    if (!offer?.offerOptions.length || !app || isApplicationEnd(app.applicationStatus)) return undefined;
    return pricedFresh(offer, offerPricingKey({ business, ownerSet })) ? offer : undefined;
  }
}
