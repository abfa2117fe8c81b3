import { Allow } from 'class-validator';

/**
 * PUT /draft/{applicationId}/{page}: the page's fields as typed. Not judged by the page's rules (a draft
 * is unfinished by nature); the service bounds its size and shape (draftFieldsFit).
 */
export class DraftDto {
  @Allow() fields?: unknown;
}
