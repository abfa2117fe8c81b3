import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { clientIp } from '../common/client-ip';
import { RateLimiter } from '../common/rate-limit';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { PhoneLinks } from './phone-links';

/** The desktop's side: the owner makes, watches and cancels a slot's phone link. */
@Controller('file/phone-link')
@UseGuards(SessionGuard)
export class PhoneLinkController {
  constructor(
    private readonly links: PhoneLinks,
    private readonly limiter: RateLimiter,
  ) {}

  /** JSON: applicationId, fileType, monthLabel (a statement's month). */
  @Post()
  @HttpCode(201)
  async create(@Body() body: Record<string, unknown>, @CurrentUser() user: SignedIn) {
    await this.limiter.hit({ key: `phone-link:user:${user.userId}`, max: 30, windowSeconds: 15 * 60 });
    return { data: await this.links.create(user.userId, body ?? {}) };
  }

  @Get(':id')
  async state(@Param('id') id: string, @CurrentUser() user: SignedIn) {
    return { data: await this.links.state(user.userId, id) };
  }

  @Delete(':id')
  @HttpCode(200)
  async revoke(@Param('id') id: string, @CurrentUser() user: SignedIn) {
    await this.links.revoke(user.userId, id);
    return { message: 'success' };
  }
}

/**
 * The phone's side: no session, the link's token is the only proof. It tells the slot's name and takes the
 * photos, nothing else; each address may call 60 times in 15 minutes (like the other link endpoints).
 */
@Controller('phone')
export class PhoneController {
  constructor(
    private readonly links: PhoneLinks,
    private readonly limiter: RateLimiter,
  ) {}

  @Get(':token')
  async view(@Param('token') token: string, @Req() req: Request) {
    await this.limiter.hit({ key: `phone-link:ip:${clientIp(req)}`, max: 60, windowSeconds: 15 * 60 });
    return { data: await this.links.view(token) };
  }

  /** Multipart: one or more photos (any field name). */
  @Post(':token/photos')
  @HttpCode(201)
  async photos(@Param('token') token: string, @Req() req: Request) {
    await this.limiter.hit({ key: `phone-link:ip:${clientIp(req)}`, max: 60, windowSeconds: 15 * 60 });
    return { data: await this.links.receive(token, req) };
  }
}
