import { readFileSync } from 'node:fs';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { smtpTransportOptions } from '@portal/libs';
import { withSmtpSpan } from '@portal/libs/dist/telemetry/client-span';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { renderCodeEmail, type CodeEmailKind } from './code-email';

/**
 * Waits before each new try of an account email the server refused for now (a 4xx: 421, 450, 451, 454
 * throttling) or could not be reached for: 5 tries over about a minute. In process: a code lives 10
 * minutes, and an api that stops meanwhile loses the send (the applicant asks for a new code).
 */
export const CODE_EMAIL_RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 40_000];

/** The SMTP reply code of a failed send, when the server answered one. */
const replyCode = (e: unknown): number | undefined => {
  const code = (e as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' ? code : undefined;
};

/** A 5xx is the server's final word (554 an unverified sender, 535 a wrong login): no retry changes it. */
const permanent = (e: unknown) => {
  const code = replyCode(e);
  return code !== undefined && code >= 500 && code < 600;
};

/**
 * The account emails' SMTP connections: at most this many open at once, each carrying up to 100 messages, and
 * closed after the socket's 20 s without traffic. A connection per email cost a TLS handshake and a login for
 * every code, and a burst of sign-ups opened one connection each, which mail services throttle (421 'too many
 * connections'); the burst now queues on the pool's connections.
 */
export const MAIL_POOL = { maxConnections: 3, maxMessages: 100 };

/** Account email over SMTP (maildev locally). Addresses and codes never reach the logs. */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;

  constructor(@Inject(SETTINGS) private readonly settings: ApiSettings) {
    // STARTTLS required or implicit TLS, the certificate checked, a login (libs/src/config/connections.ts).
    this.transport = createTransport({
      ...smtpTransportOptions(settings, (path) => readFileSync(path)),
      pool: true,
      ...MAIL_POOL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  onModuleDestroy() {
    this.transport.close();
  }

  async sendCode(to: string, kind: CodeEmailKind, code: string, firstName: string, language?: string): Promise<void> {
    const email = renderCodeEmail(kind, code, firstName, this.settings.PUBLIC_URL, language);
    await this.sendMail(to, email);
  }

  /** Sends an email already rendered (subject, text, html). */
  async send(to: string, email: { subject: string; text: string; html: string }): Promise<void> {
    await this.sendMail(to, email);
  }

  /** One send, in a client span: the server and the reply code, never the address or the subject. */
  private sendMail(to: string, email: { subject: string; text: string; html: string }) {
    const { SMTP_HOST: host, SMTP_PORT: port } = this.settings;
    return withSmtpSpan({ host, port }, () => this.transport.sendMail({ from: this.settings.MAIL_FROM, to, ...email }));
  }

  /**
   * Sends without making the caller wait (so known and unknown accounts answer alike). A temporary failure
   * is tried again after each of CODE_EMAIL_RETRY_DELAYS_MS; a permanent refusal (5xx) or the last failure is logged for
   * operators with its SMTP code, never the address or the code.
   */
  sendCodeInBackground(to: string, kind: CodeEmailKind, code: string, firstName: string, language?: string): void {
    void this.sendWithRetries(() => this.sendCode(to, kind, code, firstName, language), kind);
  }

  private async sendWithRetries(attempt: () => Promise<void>, kind: CodeEmailKind): Promise<void> {
    for (let tried = 1; ; tried++) {
      try {
        await attempt();
        return;
      } catch (e) {
        const smtpCode = replyCode(e);
        if (permanent(e)) {
          this.logger.error({ msg: 'account email refused by the mail service', kind, smtpCode, tries: tried });
          return;
        }
        const wait = CODE_EMAIL_RETRY_DELAYS_MS[tried - 1];
        if (wait === undefined) {
          this.logger.error({ msg: 'account email failed after every try', kind, smtpCode, tries: tried });
          return;
        }
        this.logger.warn({ msg: 'account email not sent yet, trying again', kind, smtpCode, tries: tried });
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }
}
