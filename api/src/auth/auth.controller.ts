import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  type CodeDeliveryAnswer,
  type ConfirmSignUpAnswer,
  type LoginAnswer,
  type MessageAnswer,
  type RegisterAnswer,
  type SignInAnswer,
  type TokenAnswer,
  type UserAnswer,
  type VerifyTokenAnswer,
} from '@portal/libs';
import { clientIp } from '../common/client-ip';
import { RateLimiter, type Limit } from '../common/rate-limit';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { AccountService } from './account.service';
import { ConfirmForgotPasswordDto, ConfirmSignUpDto, LoginDto, RefreshDto, RegisterDto, UsernameDto } from './auth.dto';
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  clearSessionCookies,
  setSessionCookies,
  setXsrfCookie,
} from '../session/cookies';
import { CurrentUser, SessionGuard, type SignedIn } from '../session/session.guard';
import { LoginThrottle } from './login-throttle';
import { DeviceTrust, type Device } from './device-trust';
import { inPasswordTurn, type Hasher } from './password-hashing';
import { SignUpService } from './sign-up.service';
import type { IssuedTokens } from '../session/tokens.service';
import { Idempotent } from '../common/idempotency/idempotency.interceptor';

const MINUTE = 60;
const perIp = (action: string, req: Request, max: number, windowSeconds = 15 * MINUTE): Limit => ({
  key: `${action}:ip:${clientIp(req)}`,
  max,
  windowSeconds,
});
const perAccount = (action: string, username: string, max: number, windowSeconds = 15 * MINUTE): Limit => ({
  key: `${action}:acct:${username.trim().toLowerCase()}`,
  max,
  windowSeconds,
});

/**
 * Who checks a password, for its password turn (password-hashing.ts): its address, and whether the
 * browser signed in on this account before (its device cookie), which strangers cannot claim.
 */
export const hasher = (req: Request, device: Device, username: string): Hasher => ({
  address: clientIp(req),
  known: device.id !== undefined && device.trustedFor(username.trim().toLowerCase()),
});

/** The account layer: our own accounts, sessions in httpOnly cookies. */
@Controller('auth')
export class AuthController {
  constructor(
    private readonly signUp: SignUpService,
    private readonly accounts: AccountService,
    private readonly limiter: RateLimiter,
    private readonly passwords: LoginThrottle,
    private readonly devices: DeviceTrust,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
  ) {}

  /** A new session also gets a new XSRF token, so one planted before sign-in is useless after it. */
  private startSession(res: Response, tokens: IssuedTokens) {
    setSessionCookies(res, tokens, this.settings);
    setXsrfCookie(res, randomBytes(24).toString('base64url'), this.settings);
  }

  @Post('register')
  @Idempotent({ scope: 'anonymous' })
  @HttpCode(201)
  async register(@Body() dto: RegisterDto, @Req() req: Request): Promise<RegisterAnswer> {
    await this.limiter.hit(perIp('register', req, this.settings.SIGN_UPS_PER_ADDRESS_HOUR, 60 * MINUTE));
    return this.signUp.register(dto, { address: clientIp(req), known: false });
  }

  @Post('confirm-signup')
  @HttpCode(200)
  async confirmSignUp(
    @Body() dto: ConfirmSignUpDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ConfirmSignUpAnswer> {
    // It takes the password too: the same throttle as login, or it would be a second password oracle.
    const device = this.devices.read(req);
    const who = hasher(req, device, dto.username);
    const { user, tokens } = await inPasswordTurn(who, () =>
      this.passwords.check(dto.username, who.address, device, () =>
        this.accounts.confirmSignUp(dto.username, dto.password, dto.code),
      ),
    );
    this.devices.trust(req, res, user.userName);
    this.startSession(res, tokens);
    return { $metadata: { httpStatusCode: 200 }, username: user.userName, data: await this.accounts.userView(user) };
  }

  @Post('send-confirmation-code')
  @HttpCode(200)
  async sendConfirmationCode(@Body() dto: UsernameDto, @Req() req: Request): Promise<CodeDeliveryAnswer> {
    await this.limiter.hit(perIp('send-code', req, 20), perAccount('send-code', dto.username, 6));
    return this.accounts.sendCode(dto.username, 'confirm-sign-up');
  }

  @Post('login')
  @HttpCode(200)
  async login(
    @Body() dto: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SignInAnswer> {
    const device = this.devices.read(req);
    const who = hasher(req, device, dto.username);
    // The whole check in one turn, its throttle's reads too: a flood's excess is refused before any of it.
    const { user, tokens } = await inPasswordTurn(who, () =>
      this.passwords.check(dto.username, who.address, device, () => this.accounts.login(dto.username, dto.password)),
    );
    this.devices.trust(req, res, user.userName);
    this.startSession(res, tokens);
    return { message: ACCOUNT_MESSAGES.success, username: user.userName, data: await this.accounts.userView(user) };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MessageAnswer> {
    await this.accounts.logout(req.cookies?.[REFRESH_COOKIE], req.cookies?.[ACCESS_COOKIE]);
    clearSessionCookies(res, this.settings);
    return { message: ACCOUNT_MESSAGES.success };
  }

  @Get('verify-token')
  @UseGuards(SessionGuard)
  verifyToken(@CurrentUser() user: SignedIn): VerifyTokenAnswer {
    return { valid: true, username: user.userName };
  }

  /** Rotates the refresh token (the cookie is what counts; the body's username is informational). */
  @Post('refresh-token')
  @HttpCode(200)
  async refreshToken(
    @Body() _dto: RefreshDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginAnswer> {
    await this.limiter.hit(perIp('refresh', req, 120));
    try {
      const { user, tokens } = await this.accounts.refresh(req.cookies?.[REFRESH_COOKIE]);
      setSessionCookies(res, tokens, this.settings);
      return { message: ACCOUNT_MESSAGES.success, username: user.userName };
    } catch (e) {
      clearSessionCookies(res, this.settings);
      throw e;
    }
  }

  @Post('forgot-password')
  @HttpCode(200)
  async forgotPassword(
    @Body() dto: UsernameDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CodeDeliveryAnswer> {
    const device = this.devices.ensure(req, res);
    // Limited per client address and per browser, never per account: a cap on the account that strangers
    // could fill would keep the owner on a new device from getting a code. The owner's mail is bounded by
    // the account's one reset mail per ten minutes instead (CodesService.issueReset).
    await this.limiter.hit(perIp('forgot', req, 20), perAccount(`forgot:${device}`, dto.username, 6));
    return this.accounts.sendCode(dto.username, 'reset-password', device);
  }

  /**
   * The code's five tries are bound to the code, and the code to the browser that asked for it: wrong
   * codes from elsewhere use up nothing of the owner's (no account-wide window a stranger can fill).
   */
  @Post('confirm-forgot-password')
  @HttpCode(200)
  async confirmForgotPassword(
    @Body() dto: ConfirmForgotPasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MessageAnswer> {
    await this.limiter.hit(perIp('reset', req, 30));
    const answer = await this.accounts.confirmForgotPassword(dto, this.devices.read(req).id ?? '', clientIp(req));
    await this.passwords.forgive(dto.username);
    // The emailed code proved the owner on this browser.
    this.devices.trust(req, res, dto.username.trim().toLowerCase());
    return answer;
  }

  /**
   * The specification's token call, for a signed-in session. The access token stays in its httpOnly
   * cookie (the only way the api takes it): a token in JSON is one a script could carry off and replay
   * elsewhere, and no client of ours reads it.
   */
  @Get('token')
  @UseGuards(SessionGuard)
  token(): TokenAnswer {
    return { data: { accessToken: null } };
  }

  @Get('user')
  @UseGuards(SessionGuard)
  async user(@CurrentUser() user: SignedIn): Promise<UserAnswer> {
    return { data: await this.accounts.userInfo(user.userId) };
  }

  /** The email is verified by the confirmation code; this only acknowledges it for the signed-in user. */
  @Patch(':id/verify-email')
  @UseGuards(SessionGuard)
  verifyEmail(@Param('id') id: string, @CurrentUser() user: SignedIn): MessageAnswer {
    if (id !== user.userId) throw new ForbiddenException();
    return { message: ACCOUNT_MESSAGES.success };
  }
}
