import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_CODES,
  maskEmail,
  sessionApplicationView,
  type CodeDeliveryAnswer,
  type DbUser,
} from '@portal/libs';
import {
  ApplicationsService,
  type ApplicationFields,
  type UserWithApplication,
} from '../applications/applications.service';
import { MailService } from '../mail/mail.service';
import { StagesService } from '../stages/stages.service';
import type { User, UserDocument } from '../users/user.schema';
import { UsersService } from '../users/users.service';
import type { ConfirmForgotPasswordDto } from './auth.dto';
import type { CodePurpose } from './code.schema';
import { CodesService } from './codes.service';
import { isCommonPassword } from './common-passwords';
import { hashPassword } from './password-hashing';
import { SignUpService } from './sign-up.service';
import { UnconfirmedSignUps } from './unconfirmed-sign-ups';
import { TokensService, type IssuedTokens } from '../session/tokens.service';

const normalise = (email: string) => email.trim().toLowerCase();

/** What the session's answer reads of the user record. */
type SessionUser = Pick<User, 'email' | 'userName' | 'firstName' | 'lastName'> & UserWithApplication;
/** What the session's answer reads of each application (sessionApplicationView), not its whole record. */
const SESSION_APPLICATION_FIELDS: ApplicationFields = {
  applicationStatus: 1,
  sfOpportunityId: 1,
  statementsSubmitted: 1,
};

/**
 * Verifying against this when the account does not exist keeps both answers equally slow: made with the
 * same algorithm and cost as every stored password, and checked in the same password turns.
 */
const DUMMY_HASH = hash('not-a-real-password', { algorithm: Algorithm.Argon2id });

@Injectable()
export class AccountService {
  constructor(
    private readonly users: UsersService,
    private readonly applications: ApplicationsService,
    private readonly stages: StagesService,
    private readonly tokens: TokensService,
    private readonly codes: CodesService,
    private readonly mail: MailService,
    private readonly signUp: SignUpService,
    private readonly unconfirmed: UnconfirmedSignUps,
  ) {}

  findUser(userName: string) {
    return this.users.findByUserName(normalise(userName));
  }

  /** Called in a password turn (password-hashing.ts): the controller takes it around the whole check. */
  private async checkPassword(userName: string, password: string): Promise<UserDocument> {
    const user = await this.findUser(userName);
    const ok = await verify(user?.passwordHash ?? (await DUMMY_HASH), password);
    if (!user || !ok) throw new UnauthorizedException(ACCOUNT_CODES.incorrectCredentials);
    return user;
  }

  /**
   * The signed-in owner's password, confirmed again before a privacy request (their data's archive, the
   * account's deletion): the same check as sign-in, called in a password turn under the login throttle.
   */
  confirmPassword(userName: string, password: string): Promise<UserDocument> {
    return this.checkPassword(userName, password);
  }

  async login(userName: string, password: string): Promise<{ user: UserDocument; tokens: IssuedTokens }> {
    const user = await this.checkPassword(userName, password);
    if (!user.confirmed) throw new BadRequestException(ACCOUNT_CODES.userNotConfirmed);
    return { user, tokens: await this.tokens.issue(user._id, user.userName) };
  }

  /** The code step of sign-up: confirms the email and signs the applicant in. */
  async confirmSignUp(userName: string, password: string, code: string) {
    const user = await this.checkPassword(userName, password);
    if (!user.confirmed) {
      await this.codes.consume(user.userName, 'confirm-sign-up', code);
      // Too late: the sign-up expired (unconfirmed sign-ups reach nobody and are kept for a while only).
      if (this.unconfirmed.expired(user)) {
        await this.unconfirmed.remove(user);
        throw new ConflictException(ACCOUNT_CODES.somethingWentWrong);
      }
      // The address is proven: the lead and the application's workflow start now, not at sign-up.
      await this.signUp.startJourney(user);
      await this.users.update(user._id, { confirmed: true });
    }
    return { user, tokens: await this.tokens.issue(user._id, user.userName) };
  }

  /**
   * Resend and forgot-password answer the same whether or not the account exists: a code is issued
   * (and the 30-second rule applies) either way, and mail goes out in the background, so neither the
   * answer nor its timing tells. A confirmed account gets no sign-up code; any account may reset. A reset
   * asked for while the account's last reset mail is recent sends nothing: that mail's code answers to this
   * browser too (CodesService.issueReset), and the answer is the same.
   */
  async sendCode(userName: string, purpose: CodePurpose, requester = ''): Promise<CodeDeliveryAnswer> {
    const email = normalise(userName);
    const user = await this.findUser(email);
    const { code, mail } =
      purpose === 'reset-password' && requester
        ? await this.codes.issueReset(email, requester)
        : { code: await this.codes.issue(email, purpose, requester), mail: true };
    if (user && code && mail && (purpose === 'reset-password' || !user.confirmed)) {
      this.mail.sendCodeInBackground(user.userName, purpose, code, user.firstName, user.language);
    }
    return { deliveryMedium: 'EMAIL', destination: maskEmail(email) };
  }

  /** `requester` is the browser that asked for the code: only its own code is tried. */
  async confirmForgotPassword(dto: ConfirmForgotPasswordDto, requester = '', address = '') {
    if (isCommonPassword(dto.password)) {
      throw new BadRequestException({
        message: ACCOUNT_CODES.commonPassword,
        fields: { password: ACCOUNT_CODES.commonPassword },
      });
    }
    const email = normalise(dto.username);
    await this.codes.consume(email, 'reset-password', dto.code, requester);
    const user = await this.findUser(email);
    if (!user) throw new BadRequestException(ACCOUNT_CODES.expiredCode);
    // Proving the emailed code also proves the email address: an account not yet confirmed starts its
    // journey (lead and workflow) as the sign-up code would; one that cannot (no business name saved) gets
    // its new password and stays unconfirmed, its confirmation asking for the sign-up again.
    const proven = user.confirmed || (await this.startJourneyUnlessUnfinished(user));
    await this.users.update(user._id, {
      // The emailed code proved the owner: the known lane of the hashing turns.
      passwordHash: await hashPassword(dto.password, { address, known: true }),
      ...(proven ? { confirmed: true } : {}),
    });
    await this.tokens.revokeAllFor(user._id);
    return { message: ACCOUNT_MESSAGES.success };
  }

  private startJourneyUnlessUnfinished(user: UserDocument): Promise<boolean> {
    return this.signUp.startJourney(user).then(
      () => true,
      (e: unknown) => {
        if (e instanceof ConflictException) return false;
        throw e;
      },
    );
  }

  async refresh(refreshToken: string | undefined) {
    const { userId, familyId } = await this.tokens.rotate(refreshToken);
    const user = await this.users.findById(userId);
    if (!user) throw new ForbiddenException();
    return { user, tokens: await this.tokens.issue(user._id, user.userName, familyId) };
  }

  /** Ends the session of the refresh cookie and of the access cookie (a client may send only one). */
  logout(refreshToken: string | undefined, accessToken: string | undefined) {
    return this.tokens.revoke(refreshToken, this.tokens.verifyAccessToken(accessToken)?.sid);
  }

  /** The signed-in user's info (the client's dbUser), with each application's saved stage. */
  async userInfo(userId: string): Promise<DbUser> {
    const user = await this.users.sessionFieldsOf(userId);
    if (!user) throw new NotFoundException(ACCOUNT_CODES.unableToGetUserInfo);
    return this.userView(user);
  }

  /**
   * The user's info from their record just read (a sign-in's): the answer that starts a session carries the
   * session's user, so the browser does not ask for it again at once.
   */
  async userView(user: SessionUser): Promise<DbUser> {
    const applications = await this.applications.forUser(user, SESSION_APPLICATION_FIELDS);
    const stages = await this.stages.forApplications(applications.map((a) => a._id));
    return {
      _id: user._id.toHexString(),
      email: user.email,
      userName: user.userName,
      firstName: user.firstName,
      lastName: user.lastName,
      applications: applications.map((a) =>
        sessionApplicationView(
          a,
          stages.find((st) => String(st.applicationId) === String(a._id)),
        ),
      ),
    };
  }
}
