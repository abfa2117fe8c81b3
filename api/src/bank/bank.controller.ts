import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Req,
  UnauthorizedException,
  UseGuards,
  type RawBodyRequest,
} from '@nestjs/common';
import type { Request } from 'express';
import { clientIp } from '../common/client-ip';
import { RateLimiter, TooManyRequestsError } from '../common/rate-limit';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { BankApplicationDto, PublicTokenDto } from './bank.dto';
import { BankService } from './bank.service';
import { BankWebhooks } from './bank-webhooks';

const HOUR = 3600;
/**
 * Webhooks Plaid did not sign, from one sending address in an hour: a sender of forgeries is cut off. One
 * Plaid signed gives its count back, so Plaid's own volume, from whichever of its sending addresses, never
 * meets this limit (Plaid's verified webhooks are bounded per item instead: bank-webhooks.ts).
 */
export const UNSIGNED_WEBHOOKS_PER_ADDRESS_HOUR = 600;

/** Connect the applicant's bank, fetch its statements into the slots, disconnect. */
@Controller('bank')
@UseGuards(SessionGuard)
export class BankController {
  constructor(
    private readonly bank: BankService,
    private readonly limiter: RateLimiter,
  ) {}

  private limit(action: string, user: SignedIn, max: number) {
    return this.limiter.hit({ key: `bank-${action}:user:${user.userId}`, max, windowSeconds: HOUR });
  }

  @Get('application/:applicationId')
  async status(@Param('applicationId') applicationId: string, @CurrentUser() user: SignedIn) {
    return { data: await this.bank.status(applicationId, user.userId) };
  }

  @Post('link-token')
  @HttpCode(200)
  async linkToken(@Body() body: BankApplicationDto, @CurrentUser() user: SignedIn) {
    await this.limit('link', user, 30);
    return { data: await this.bank.linkToken(body.applicationId, user.userId) };
  }

  @Post('exchange')
  @HttpCode(200)
  async exchange(@Body() body: PublicTokenDto, @CurrentUser() user: SignedIn) {
    await this.limit('exchange', user, 20);
    return { data: await this.bank.exchange(body.applicationId, user.userId, body.publicToken) };
  }

  /** Fetches the asked months' statements into their slots: 'pending' while Plaid prepares them. */
  @Post('statements')
  @HttpCode(200)
  async statements(@Body() body: BankApplicationDto, @CurrentUser() user: SignedIn) {
    await this.limit('statements', user, 120);
    return { data: await this.bank.fetchStatements(body.applicationId, user.userId) };
  }

  @Post('disconnect')
  @HttpCode(200)
  async disconnect(@Body() body: BankApplicationDto, @CurrentUser() user: SignedIn) {
    await this.limit('disconnect', user, 30);
    return { data: await this.bank.disconnect(body.applicationId, user.userId) };
  }
}

/**
 * Plaid's webhooks: no session and no XSRF token, so the Plaid-Verification JWT is the only proof
 * (plaid-webhook.ts); anything it does not prove is refused (401) and changes nothing.
 */
@Controller('webhooks')
export class PlaidWebhookController {
  constructor(
    private readonly webhooks: BankWebhooks,
    private readonly limiter: RateLimiter,
  ) {}

  @Post('plaid')
  @HttpCode(200)
  async plaid(@Req() req: RawBodyRequest<Request>, @Headers('plaid-verification') verification?: string) {
    const key = `plaid-webhook:ip:${clientIp(req)}`;
    // The refusals of the last hour, read first: once an address has used its hour on forgeries, a new
    // fixed window does not hand it another 600 (the limit slides with the refusals' own times); past them,
    // one try after a delay doubling up to a minute, so the refusals kept stay few.
    const refusedLately = await this.limiter.failureCount(key, HOUR);
    const attempt = await this.limiter.throttle(
      { key, free: UNSIGNED_WEBHOOKS_PER_ADDRESS_HOUR, windowSeconds: HOUR, baseDelaySeconds: 1, capSeconds: 60 },
      Date.now(),
      refusedLately,
    );
    if (!attempt.go) throw new TooManyRequestsError(attempt.wait, undefined, 'plaid-webhook:ip');
    const refusal = await this.webhooks.receive(req.rawBody ?? Buffer.alloc(0), verification, req.body);
    if (refusal) {
      await this.limiter.recordFailure(key);
      throw new UnauthorizedException('Invalid webhook signature');
    }
    await attempt.release();
    return { ok: true };
  }
}
