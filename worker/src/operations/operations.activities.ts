import type { BoxClient } from 'box-node-sdk';
import { ObjectId, type Db } from 'mongodb';
import type { OperationActivities } from '@portal/workflows';
import { sendOnce } from '../email/send-once';
import { smtpOf, type WorkerSmtpSettings } from '../email/smtp';
import { boxCall } from '../esign/box.errors';
import { renderReminderEmail } from './reminder-email';
import { recordsOf } from '../records/records';

export type OperationSettings = { MAIL_FROM: string; PUBLIC_URL: string } & WorkerSmtpSettings;

/** Statuses of a sign request that has nothing left to void. */
const FINISHED = ['cancelled', 'signed', 'declined', 'expired', 'completed', 'signed and downloaded'];

/** The life cycle's side effects: reminder emails, the application's end on its record, a voided request. */
export function createOperationActivities(deps: {
  db: Db;
  box: () => BoxClient;
  settings: OperationSettings;
}): OperationActivities {
  const s = deps.settings;
  const records = recordsOf(deps.db);
  const reminders = records.reminders;

  return {
    async sendReminderEmail({ applicationId, reminder, path, idleSince }) {
      // One email per stall and reminder: a retried activity finds the mark of the one it sent.
      const key = `${applicationId}:${idleSince}:${reminder}`;
      if (await reminders.findOne({ _id: key })) return;
      const _id = new ObjectId(applicationId);
      const app = await records.applications.findOne({ _id });
      const [user, business] = await Promise.all([
        app?.userId ? records.users.findOne({ _id: app.userId }) : null,
        records.businesses.findOne({ _id }),
      ]);
      if (!user?.email) return; // nobody to remind (a test record, a deleted user)
      const email = renderReminderEmail({
        firstName: String(user.firstName ?? ''),
        company: String(business?.businessName ?? ''),
        reminder,
        stepUrl: `${s.PUBLIC_URL}${path}`,
        statusUrl: `${s.PUBLIC_URL}/status`,
        language: typeof user.language === 'string' ? user.language : undefined,
      });
      // A connection lost after the message went out counts as sent (email/send-once.ts).
      await sendOnce(smtpOf(s), { from: s.MAIL_FROM, to: String(user.email), ...email });
      await reminders.insertOne({ _id: key, sentAt: new Date() }).catch(() => undefined);
    },

    async markApplicationEnded({ applicationId, status }) {
      await records.applications.updateOne(
        { _id: new ObjectId(applicationId) },
        { $set: { applicationStatus: status, endedAt: new Date() } },
      );
    },

    async voidSignRequest({ signRequestId }) {
      const box = deps.box();
      // Box's 4xx (a request that is gone, a scope the app lacks) fail at once as BoxRejectedError, which
      // the workflow shows as SIGN_VOID_FAILED; only outages and 429 are retried.
      const current = await boxCall('Sign request read refused', () =>
        box.signRequests.getSignRequestById(signRequestId),
      );
      if (FINISHED.includes(String(current.status))) return;
      await boxCall('Sign request cancel refused', () => box.signRequests.cancelSignRequest(signRequestId));
    },
  };
}
