import { Inject, Injectable, Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { renderCodeEmail, type CodeEmailKind } from './code-email';

/** Account email over SMTP (maildev locally). Addresses and codes never reach the logs. */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;

  constructor(@Inject(SETTINGS) private readonly settings: ApiSettings) {
    this.transport = createTransport({ host: settings.SMTP_HOST, port: settings.SMTP_PORT, secure: false });
  }

  async sendCode(to: string, kind: CodeEmailKind, code: string, firstName: string, language?: string): Promise<void> {
    const email = renderCodeEmail(kind, code, firstName, this.settings.PUBLIC_URL, language);
    await this.transport.sendMail({ from: this.settings.MAIL_FROM, to, ...email });
  }

  /** Sends an email already rendered (subject, text, html). */
  async send(to: string, email: { subject: string; text: string; html: string }): Promise<void> {
    await this.transport.sendMail({ from: this.settings.MAIL_FROM, to, ...email });
  }

  /** Sends without making the caller wait (so known and unknown accounts answer alike); one retry. */
  sendCodeInBackground(to: string, kind: CodeEmailKind, code: string, firstName: string, language?: string): void {
    const attempt = () => this.sendCode(to, kind, code, firstName, language);
    attempt()
      .catch(() => new Promise((r) => setTimeout(r, 2000)).then(attempt))
      .catch((e: Error) => this.logger.error({ msg: 'account email failed', kind, error: e.message }));
  }
}
