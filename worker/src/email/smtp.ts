import { readFileSync } from 'node:fs';
import { smtpTransportOptions, type SmtpSettings } from '@portal/libs';
import type { SmtpOptions } from './send-once';

/** The mail settings the worker's activities take; the TLS ones are 'none' when left out (a plain local server). */
export type WorkerSmtpSettings = Pick<SmtpSettings, 'SMTP_HOST' | 'SMTP_PORT'> & Partial<SmtpSettings>;

/** How the worker reaches the SMTP server: TLS mode, the certificate's CA and the login (libs/src/config/connections.ts). */
export const smtpOf = (s: WorkerSmtpSettings): SmtpOptions =>
  smtpTransportOptions(
    { SMTP_TLS: 'none', SMTP_USER: 'none', SMTP_PASSWORD: 'none', SMTP_CA_FILE: 'none', ...s },
    (path) => readFileSync(path),
  );
