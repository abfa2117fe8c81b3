import { Allow } from 'class-validator';
import { OpenBody } from '../common/validation.pipe';

/**
 * POST /codec/decode and /encode: Temporal's codec-server protocol, `{ payloads: [...] }`. Each payload's
 * base64 is checked by the controller as it decodes it, with the protocol's own words (operators only).
 */
@OpenBody()
export class CodecBodyDto {
  @Allow() payloads?: unknown;
}
