/// <reference types="node" />
// Node only (node:crypto): imported by path, never through the libs index the web app and the workflow bundle.
import { createHash } from 'node:crypto';
import { offerPricingInputs, type OfferPricingAnswers } from '../domain/offer-pricing';

/**
 * The answers the offers were priced for, as a digest kept on the offer record (`pricedFor`): the api
 * compares it with the answers on file (pricedFresh), and the record carries no second copy of the
 * credit score and the revenue.
 */
export function offerPricingKey(answers: OfferPricingAnswers): string {
  const { score, businessStartDate, annualRevenue } = offerPricingInputs(answers);
  return createHash('sha256')
    .update(JSON.stringify([score, businessStartDate, annualRevenue]))
    .digest('base64url');
}
