import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Req,
  UnauthorizedException,
  UseGuards,
  type RawBodyRequest,
} from '@nestjs/common';
import { verifyBoxDelivery } from '@portal/libs/dist/security/box-webhook-signature';
import type { Request } from 'express';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { ApplicationIdDto } from '../common/application-id.dto';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { signEventOf } from './box-event';
import { SigningService } from './signing.service';

@Controller('box')
@UseGuards(SessionGuard)
export class SigningController {
  constructor(private readonly signing: SigningService) {}

  /** Builds the signing request from the saved application, or continues the current one. */
  @Post('sign')
  @HttpCode(200)
  async sign(@Body() body: ApplicationIdDto, @CurrentUser() user: SignedIn) {
    return { data: await this.signing.start(body.applicationId, user.userId) };
  }

  @Get(':signatureId')
  async status(@Param('signatureId') signatureId: string, @CurrentUser() user: SignedIn) {
    return { data: await this.signing.status(signatureId, user.userId) };
  }
}

/**
 * Box webhooks: no session and no XSRF token, so the signature is the only proof. Checked here, not by
 * box-node-sdk's validateMessage, which refuses a delivery timestamped even 1 s ahead of our clock.
 */
@Controller('webhooks')
export class BoxWebhookController {
  constructor(
    private readonly signing: SigningService,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
  ) {}

  @Post('box')
  @HttpCode(200)
  async box(@Req() req: RawBodyRequest<Request>, @Headers() headers: Record<string, string>) {
    const valid = verifyBoxDelivery(req.rawBody ?? Buffer.alloc(0), headers, {
      primaryKey: this.settings.BOX_WEBHOOK_PRIMARY_KEY,
      secondaryKey: this.settings.BOX_WEBHOOK_SECONDARY_KEY,
    });
    if (!valid) throw new UnauthorizedException('Invalid webhook signature');
    // The body parser parsed these same bytes; its fields are checked for type before use.
    const event = await signEventOf(req.body as Record<string, unknown>);
    if (event) await this.signing.event(event);
    return { ok: true };
  }
}
