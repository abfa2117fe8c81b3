import { Allow } from 'class-validator';
import { OpenBody } from '../common/validation.pipe';

/**
 * POST /application/{id}/submit-application: each document 'uploaded' or 'notAvailable'. Judged by the
 * service against what is stored (a selected offer first, then each document uploaded or marked
 * missing), in that order: anything else is 'documents required'.
 */
@OpenBody()
export class SubmitApplicationDto {
  @Allow() voidedCheck?: unknown;
  @Allow() driversLicense?: unknown;
}
