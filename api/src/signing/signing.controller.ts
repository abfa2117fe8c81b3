import {
  BadRequestException,
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
import { WebhooksManager } from 'box-node-sdk/managers/webhooks';
import type { Request } from 'express';
import { CurrentUser, SessionGuard, type SignedIn } from '../auth/session.guard';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { SigningService } from './signing.service';

@Controller('box')
@UseGuards(SessionGuard)
export class SigningController {
  constructor(private readonly signing: SigningService) {}

  /** Builds the signing request from the saved application, or continues the current one. */
  @Post('sign')
  @HttpCode(200)
  async sign(@Body() body: { applicationId?: unknown }, @CurrentUser() user: SignedIn) {
    if (typeof body.applicationId !== 'string') throw new BadRequestException('applicationId is required');
    return { data: await this.signing.start(body.applicationId, user.userId) };
  }

  @Get(':signatureId')
  async status(@Param('signatureId') signatureId: string, @CurrentUser() user: SignedIn) {
    return { data: await this.signing.status(signatureId, user.userId) };
  }
}

type BoxEvent = { id?: string; trigger?: string; additional_info?: { sign_request_id?: string } | [] };

/** Box webhooks: no session and no XSRF token, so the signature is the only proof (checked by the SDK). */
@Controller('webhooks')
export class BoxWebhookController {
  constructor(
    private readonly signing: SigningService,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
  ) {}

  @Post('box')
  @HttpCode(200)
  async box(@Req() req: RawBodyRequest<Request>, @Headers() headers: Record<string, string>) {
    const raw = req.rawBody?.toString('utf8') ?? '';
    const valid = await WebhooksManager.validateMessage(raw, headers, this.settings.BOX_WEBHOOK_PRIMARY_KEY, {
      secondaryKey: this.settings.BOX_WEBHOOK_SECONDARY_KEY,
    });
    if (!valid) throw new UnauthorizedException('Invalid webhook signature');
    const event = JSON.parse(raw) as BoxEvent;
    const info = Array.isArray(event.additional_info) ? undefined : event.additional_info;
    if (event.trigger?.startsWith('SIGN_REQUEST.') && info?.sign_request_id && event.id)
      await this.signing.event({ signRequestId: info.sign_request_id, trigger: event.trigger, eventId: event.id });
    return { ok: true };
  }
}
