import { Global, Module } from '@nestjs/common';
import { API_SETTINGS, loadEnv, type Loaded } from '@portal/libs';

export type ApiSettings = Loaded<typeof API_SETTINGS>;
export const SETTINGS = Symbol('SETTINGS');

/** Settings are validated once at boot (main.ts); a bad value stops start-up with its name. */
@Global()
@Module({
  providers: [{ provide: SETTINGS, useFactory: (): ApiSettings => loadEnv(API_SETTINGS, process.env) }],
  exports: [SETTINGS],
})
export class SettingsModule {}
