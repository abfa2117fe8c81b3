import { Allow } from 'class-validator';
import { OpenBody } from '../common/validation.pipe';

/**
 * PATCH /offer/{id}: the chosen option, by id (`selectedId`) or as the one flagged isSelected in
 * `offerOptions`. No rule of its own: the choice is judged by the service against the stored offer's
 * options after the offer is found to be the user's (404 first), any other value being 'select an offer'.
 */
@OpenBody()
export class OfferSelectionDto {
  @Allow() selectedId?: unknown;
  @Allow() offerOptions?: unknown;
}
