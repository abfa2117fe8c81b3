import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Types } from 'mongoose';
import type { ErasureStarted, ErasureView } from '@portal/libs';
import { AccountService } from '../auth/account.service';
import { hasher } from '../auth/auth.controller';
import { DeviceTrust } from '../auth/device-trust';
import { LoginThrottle } from '../auth/login-throttle';
import { inPasswordTurn } from '../auth/password-hashing';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { clearSessionCookies } from '../session/cookies';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { TokensService } from '../session/tokens.service';
import { EraseAccountDto } from './account-erasure.dto';
import { AccountErasureService } from './account-erasure.service';

/** "Delete my account": what it keeps (GET), and the deletion itself, confirmed by the password (POST). */
@Controller('privacy/erasure')
@UseGuards(SessionGuard)
export class AccountErasureController {
  constructor(
    private readonly erasure: AccountErasureService,
    private readonly accounts: AccountService,
    private readonly passwords: LoginThrottle,
    private readonly devices: DeviceTrust,
    private readonly tokens: TokensService,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
  ) {}

  @Get()
  view(@CurrentUser() user: SignedIn): Promise<ErasureView> {
    return this.erasure.view(user.userId);
  }

  @Post()
  @HttpCode(202)
  async erase(
    @Body() dto: EraseAccountDto,
    @CurrentUser() user: SignedIn,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ErasureStarted> {
    // The sign-in's password check: its throttle (a stolen session guesses no faster) and its turns.
    const device = this.devices.read(req);
    const who = hasher(req, device, user.userName);
    await inPasswordTurn(who, () =>
      this.passwords.check(user.userName, who.address, device, () =>
        this.accounts.confirmPassword(user.userName, dto.password),
      ),
    );
    await this.erasure.start(user.userId);
    // The session ends now, on every device: the account is going.
    await this.tokens.revokeAllFor(new Types.ObjectId(user.userId));
    clearSessionCookies(res, this.settings);
    return { started: true };
  }
}
