import { madeFresh } from './made-ahead';

/**
 * What the offer service prices from, as the worker's calculateOffers sends it: the first owner's credit
 * score, the business's start date and its annual revenue. The statements' figures are not among them:
 * what each option costs against the statements (affordability) is computed by the api on every read.
 */
export type OfferPricingAnswers = {
  business?: { businessStartDate?: unknown; annualRevenue?: unknown } | null;
  ownerSet?: { owners?: readonly { creditReport?: unknown }[] } | null;
};

/** The offer service's request body, from the stored answers (a missing answer is sent as 0 or ''). */
export function offerPricingInputs({ business, ownerSet }: OfferPricingAnswers) {
  return {
    score: Number(ownerSet?.owners?.[0]?.creditReport || 0),
    businessStartDate: String(business?.businessStartDate ?? ''),
    annualRevenue: Number(business?.annualRevenue ?? 0),
  };
}

/**
 * How long a pricing answers the offers page without asking the offer service again: the page's
 * calculation on load right after the statements' submission, or a reload in the same sitting. A later
 * visit prices anew, so the rates shown are never older than this.
 */
export const OFFER_PRICING_FRESH_MS = 10 * 60_000;

/** The pricing kept on the offer record: when, and for which answers (the digest `offerPricingKey`). */
export type OfferPricingStamp = { pricedAt?: Date; pricedFor?: string };

/**
 * Whether the record's options were priced for the answers on file (`key`: their offerPricingKey), and
 * recently enough to be shown as they are.
 */
export function pricedFresh(stamp: OfferPricingStamp, key: string, now = Date.now()): boolean {
  return madeFresh({ at: stamp.pricedAt, for: stamp.pricedFor }, key, OFFER_PRICING_FRESH_MS, now);
}
