import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, StreamableFile, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { DataExportView } from '@portal/libs';
import { AccountService } from '../auth/account.service';
import { hasher } from '../auth/auth.controller';
import { DeviceTrust } from '../auth/device-trust';
import { LoginThrottle } from '../auth/login-throttle';
import { inPasswordTurn } from '../auth/password-hashing';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { DataExportRequestDto } from './data-export.dto';
import { DataExportService } from './data-export.service';

/** An export's id is its workflow run's id (a UUID); anything else names nothing. */
const EXPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * "Download my data", for the signed-in account only (XSRF checked by the middleware on the POST): its
 * archive's state, the request (confirmed by the account's password, in the sign-in's password turns and
 * under its throttle), and the download of a ready archive.
 */
@Controller('privacy/data-export')
@UseGuards(SessionGuard)
export class DataExportController {
  constructor(
    private readonly exports: DataExportService,
    private readonly accounts: AccountService,
    private readonly passwords: LoginThrottle,
    private readonly devices: DeviceTrust,
  ) {}

  @Get()
  state(@CurrentUser() user: SignedIn): Promise<DataExportView> {
    return this.exports.view(user.userId);
  }

  @Post()
  @HttpCode(202)
  async request(
    @Body() dto: DataExportRequestDto,
    @Req() req: Request,
    @CurrentUser() user: SignedIn,
  ): Promise<DataExportView> {
    const device = this.devices.read(req);
    const who = hasher(req, device, user.userName);
    // A wrong password answers 401 'Incorrect username or password.' and counts as a failed sign-in.
    await inPasswordTurn(who, () =>
      this.passwords.check(user.userName, who.address, device, () =>
        this.accounts.confirmPassword(user.userName, dto.password),
      ),
    );
    return this.exports.request(user.userId);
  }

  @Get(':exportId/archive')
  async download(
    @Param('exportId') exportId: string,
    @CurrentUser() user: SignedIn,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const { body, length } = await this.exports.archive(user.userId, EXPORT_ID.test(exportId) ? exportId : '');
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(body, {
      type: 'application/zip',
      disposition: 'attachment; filename="my-data.zip"',
      ...(length ? { length } : {}),
    });
  }
}
