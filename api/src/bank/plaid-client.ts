import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { PlaidApi } from 'plaid';
import { BANK_CODES } from '@portal/libs';
import { plaidApi } from '@portal/libs/dist/bank/plaid-api';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { plaidError, plaidOutcome } from './plaid-outcome';

/** What the browser learns of a fetch: never a token. */
export type BankFetch =
  | { state: 'done'; filled: string[]; missing: string[] }
  | { state: 'pending' }
  | { state: 'reconnect' }
  | { state: 'noStatements' }
  /** The bank shares no account with the portal: the applicant reconnects and chooses one. */
  | { state: 'noAccounts' };

export const plaidCode = (e: unknown): string | undefined => plaidError(e).code;

/**
 * The plaid Node client against PLAID_URL (none when PLAID_URL is 'none': connecting a bank is off), and
 * what its failed calls answer.
 */
@Injectable()
export class PlaidClient {
  private readonly logger = new Logger(PlaidClient.name);
  readonly api?: PlaidApi;
  /** Where Plaid sends the items' webhooks, when the portal takes them. */
  readonly webhookUrl?: string;
  /** Where an OAuth bank sends the applicant back (Plaid's Allowed redirect URIs), when configured. */
  readonly redirectUri?: string;

  constructor(@Inject(SETTINGS) settings: ApiSettings) {
    if (settings.PLAID_WEBHOOK_URL !== 'none') this.webhookUrl = settings.PLAID_WEBHOOK_URL;
    if (settings.PLAID_REDIRECT_URI !== 'none') this.redirectUri = settings.PLAID_REDIRECT_URI;
    this.api = plaidApi(settings);
  }

  /** The client, or 404 when connecting a bank is off. */
  client(): PlaidApi {
    if (!this.api) throw new NotFoundException(BANK_CODES.connectionOff);
    return this.api;
  }

  /**
   * Plaid's refusals of what the browser brought answer 400; its outages, and its refusals of the portal's
   * own keys (logged as errors: a setting to fix), 503: the applicant tries again or uploads.
   */
  failed(e: unknown): never {
    const outcome = plaidOutcome(e);
    const entry = { msg: 'plaid call failed', code: plaidCode(e), error: (e as Error).message };
    if (outcome.kind === 'unavailable' && outcome.misconfigured) this.logger.error(entry);
    else this.logger.warn(entry);
    if (outcome.kind === 'refused') throw new BadRequestException(BANK_CODES.refused);
    throw new ServiceUnavailableException(BANK_CODES.unavailable);
  }

  /** A fetch's failed Plaid call: pending or reconnect for the page, else failed(). */
  fetchFailed(e: unknown): BankFetch {
    const outcome = plaidOutcome(e);
    if (outcome.kind === 'pending' || outcome.kind === 'reconnect' || outcome.kind === 'noStatements')
      return { state: outcome.kind };
    this.failed(e);
  }
}
