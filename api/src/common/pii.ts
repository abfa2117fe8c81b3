import { Inject, Injectable } from '@nestjs/common';
import { PiiKeys } from '@portal/libs/dist/security/pii-keys';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { BoundedMemo } from './bounded-memo';

/** How long a mask or a phone's format is remembered (BoundedMemo). */
export const MEMO_TTL_MS = 10 * 60_000;

/** PiiKeys (libs) with the api's configured keys, for injection. */
@Injectable()
export class PiiCipher extends PiiKeys {
  /**
   * The masks answered for stored values, by the sealed value (a fresh IV each time it is sealed, so a
   * changed answer is a new key). Every read of a business or an owner answers its masks, and opening the
   * value for them was most of that read's cost after the database (the read path's CPU profile). Only
   * masks are kept (the last four digits of an SSN or EIN, no digit of a date), never the opened value.
   */
  private readonly masks = new Map<(opened: string) => string, BoundedMemo>();

  constructor(@Inject(SETTINGS) settings: ApiSettings) {
    super(settings);
  }

  /** The mask of a stored (sealed) value, as `mask` makes it from the opened value. */
  masked(stored: string | undefined, mask: (opened: string) => string): string {
    if (!stored) return mask('');
    let memo = this.masks.get(mask);
    if (!memo) this.masks.set(mask, (memo = new BoundedMemo(10_000, MEMO_TTL_MS)));
    return memo.of(stored, () => mask(this.open(stored)));
  }
}

export { maskDate, maskTail } from '@portal/libs/dist/security/pii-keys';
