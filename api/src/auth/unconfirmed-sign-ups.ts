import { Injectable, Logger } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { COLLECTIONS } from '@portal/libs';
import type { UserDocument } from '../users/user.schema';

/**
 * How long a sign-up waits for its emailed code. An unconfirmed sign-up has no workflow (so no stall clock
 * to abandon it, as one abandons an idle application after 30 days): it expires after the same time, and
 * its records are removed when its address is next used, by a new sign-up or a late confirmation.
 */
export const UNCONFIRMED_SIGN_UP_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The application's records a sign-up makes, each under the application's id. */
const APPLICATION_RECORDS = [
  COLLECTIONS.applications,
  COLLECTIONS.businesses,
  COLLECTIONS.ownersets,
  COLLECTIONS.offers,
  'stages',
];

/** Sign-ups nobody confirmed in time: judged, and removed (only ever the records sign-up itself made). */
@Injectable()
export class UnconfirmedSignUps {
  private readonly logger = new Logger(UnconfirmedSignUps.name);

  constructor(@InjectConnection() private readonly connection: Connection) {}

  expired(user: UserDocument, now = Date.now()): boolean {
    const createdAt = (user as { createdAt?: Date }).createdAt;
    return !user.confirmed && createdAt !== undefined && now - createdAt.getTime() > UNCONFIRMED_SIGN_UP_TTL_MS;
  }

  /**
   * Removes an expired sign-up: its application's records, then the user, then the address's key (last, so
   * a removal cut short is finished by the next one, which still finds the user through it). An unconfirmed
   * applicant never signed in, so these are exactly what sign-up made: nothing of a journey is lost.
   */
  async remove(user: UserDocument): Promise<void> {
    if (!this.expired(user)) return;
    const db = this.connection.db!;
    if (user.applicationId)
      for (const name of APPLICATION_RECORDS) await db.collection(name).deleteOne({ _id: user.applicationId });
    await db.collection(COLLECTIONS.users).deleteOne({ _id: user._id, confirmed: { $ne: true } });
    await db
      .collection<{ _id: string; userId: unknown }>('usernames')
      .deleteOne({ _id: user.userName, userId: user._id });
    this.logger.log({ msg: 'unconfirmed sign-up expired', userId: user._id.toHexString() });
  }
}
