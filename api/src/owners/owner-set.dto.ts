import { Allow } from 'class-validator';
import { revisionRule } from '@portal/libs';
import { FollowsRule } from '../common/rule.decorator';
import { OpenBody } from '../common/validation.pipe';

/**
 * PATCH /owner/{id}: the owner cards and the same-as-business flag. Judged by the service once the set
 * is found to be the user's (404 first): a masked SSN or date of birth sent back unchanged means 'keep
 * the one on file', so each card's rules (OWNER_RULES) and the set rules across owners run over the
 * cards merged with the stored values, not over this body as sent.
 */
@OpenBody()
export class OwnerSetDto {
  @Allow() owners?: unknown;
  @Allow() sameAsBusinessInfo?: unknown;
  /** The revision of the owners the form showed (common/revisions.ts): an older one is refused with 409. */
  @FollowsRule(revisionRule) revision?: unknown;
}
