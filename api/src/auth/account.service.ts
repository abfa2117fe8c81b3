import { BadRequestException, ForbiddenException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { Types, type Model } from 'mongoose';
import { ACCOUNT_MESSAGES, maskEmail } from '@portal/libs';
import { Application } from '../applications/application.schema';
import { MailService } from '../mail/mail.service';
import { User, type UserDocument } from '../users/user.schema';
import type { ConfirmForgotPasswordDto } from './auth.dto';
import { CodesService } from './codes.service';
import { isCommonPassword } from './common-passwords';
import { TokensService, type IssuedTokens } from './tokens.service';

const normalise = (email: string) => email.trim().toLowerCase();

/** Verifying against this when the account does not exist keeps both answers equally slow. */
const DUMMY_HASH = hash('not-a-real-password', { algorithm: Algorithm.Argon2id });

@Injectable()
export class AccountService {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(Application.name) private readonly applications: Model<Application>,
    private readonly tokens: TokensService,
    private readonly codes: CodesService,
    private readonly mail: MailService,
  ) {}

  findUser(userName: string) {
    return this.users.findOne({ userName: normalise(userName) });
  }

  private async checkPassword(userName: string, password: string): Promise<UserDocument> {
    const user = await this.findUser(userName);
    const ok = await verify(user?.passwordHash ?? (await DUMMY_HASH), password);
    if (!user || !ok) throw new UnauthorizedException(ACCOUNT_MESSAGES.incorrectCredentials);
    return user;
  }

  async login(userName: string, password: string): Promise<{ user: UserDocument; tokens: IssuedTokens }> {
    const user = await this.checkPassword(userName, password);
    if (!user.confirmed) throw new BadRequestException(ACCOUNT_MESSAGES.userNotConfirmed);
    return { user, tokens: await this.tokens.issue(user._id, user.userName) };
  }

  /** The code step of sign-up: confirms the email and signs the applicant in. */
  async confirmSignUp(userName: string, password: string, code: string) {
    const user = await this.checkPassword(userName, password);
    if (!user.confirmed) {
      await this.codes.consume(user._id, 'confirm-sign-up', code);
      await this.users.updateOne({ _id: user._id }, { $set: { confirmed: true } });
    }
    return { user, tokens: await this.tokens.issue(user._id, user.userName) };
  }

  /**
   * Resend and forgot-password answer the same whether or not the account exists, and send mail in
   * the background so the timing does not tell either.
   */
  async sendCode(userName: string, purpose: 'confirm-sign-up' | 'reset-password') {
    const user = await this.findUser(userName);
    const eligible = user && (purpose === 'reset-password' ? user.confirmed || true : !user.confirmed);
    if (user && eligible) {
      const code = await this.codes.issue(user._id, purpose);
      this.mail.sendCodeInBackground(user.userName, purpose, code, user.firstName);
    }
    return { deliveryMedium: 'EMAIL' as const, destination: maskEmail(normalise(userName)) };
  }

  async confirmForgotPassword(dto: ConfirmForgotPasswordDto) {
    if (isCommonPassword(dto.password)) {
      throw new BadRequestException({ message: ACCOUNT_MESSAGES.commonPassword, fields: { password: ACCOUNT_MESSAGES.commonPassword } });
    }
    const user = await this.findUser(dto.username);
    if (!user) throw new BadRequestException(ACCOUNT_MESSAGES.expiredCode);
    await this.codes.consume(user._id, 'reset-password', dto.code);
    // Proving the emailed code also proves the email address.
    await this.users.updateOne(
      { _id: user._id },
      { $set: { passwordHash: await hash(dto.password, { algorithm: Algorithm.Argon2id }), confirmed: true } },
    );
    await this.tokens.revokeAllFor(user._id);
    return { message: ACCOUNT_MESSAGES.success };
  }

  async refresh(refreshToken: string | undefined) {
    const { userId, familyId } = await this.tokens.rotate(refreshToken);
    const user = await this.users.findById(userId);
    if (!user) throw new ForbiddenException();
    return { user, tokens: await this.tokens.issue(user._id, user.userName, familyId) };
  }

  logout(refreshToken: string | undefined) {
    return this.tokens.revoke(refreshToken);
  }

  /** The signed-in user's info (the client's dbUser). */
  async userInfo(userId: string) {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException(ACCOUNT_MESSAGES.unableToGetUserInfo);
    const applications = await this.applications.find({ userId: new Types.ObjectId(userId) }).lean();
    return {
      _id: user._id.toHexString(),
      email: user.email,
      userName: user.userName,
      firstName: user.firstName,
      lastName: user.lastName,
      applications: applications.map((a) => ({ ...a, _id: String(a._id), userId: String(a.userId) })),
    };
  }

  async markEmailVerified(userId: string) {
    await this.users.updateOne({ _id: new Types.ObjectId(userId) }, { $set: { confirmed: true } });
    return { message: ACCOUNT_MESSAGES.success };
  }
}
