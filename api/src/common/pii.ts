import { Inject, Injectable } from '@nestjs/common';
import { PiiKeys } from '@portal/libs/dist/security/pii-keys';
import { SETTINGS, type ApiSettings } from '../config/settings.module';

/** PiiKeys (libs) with the api's configured keys, for injection. */
@Injectable()
export class PiiCipher extends PiiKeys {
  constructor(@Inject(SETTINGS) settings: ApiSettings) {
    super(settings);
  }
}

export { maskDate, maskTail } from '@portal/libs/dist/security/pii-keys';
