import type { Document, WithId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, applicantFor, codeFromMail } from '../../../tests/support/api-client';
import { until } from '../../../tests/support/until';
import { authSlice } from './auth.spec-setup';
import { affiliateAccount, affiliateOf } from '../../../tests/support/crm-lead';
import { affiliateStatusAnswer } from '@portal/libs';

// Affiliate accounts: kept or dropped by their CRM record type and status.
const room = authSlice();
const applicant = applicantFor;

describe('affiliates', () => {
  async function applicationOf(email: string) {
    const user = await room.db.collection('users').findOne({ userName: email });
    return until(
      () => room.db.collection('applications').findOne({ userId: user!._id }),
      (app) => Boolean(app?.sfLeadId),
      { ms: 20_000, what: 'no lead' },
    ) as Promise<WithId<Document>>;
  }

  /** Signs up with an affiliate id and confirms: the workflow (which checks the id) starts at the code. */
  async function signUp(tag: string, affiliateId: string) {
    const browser = room.browser();
    const since = new Date();
    expect((await browser.post('/auth/register', { ...applicant(tag), affiliateId })).status).toBe(201);
    const code = await codeFromMail(room.slice.maildevUrl, `${tag}@example.com`, since);
    const username = `${tag}@example.com`;
    expect((await browser.post('/auth/confirm-signup', { username, password: TEST_PASSWORD, code })).status).toBe(200);
  }

  it('keeps an active affiliate of the configured record type and drops any other', async () => {
    const affiliateType = room.slice.settings.worker.AFFILIATE_RECORD_TYPE_ID;
    const active = room.slice.crm.insert('Account', affiliateAccount('Partner Co', 'ACTIVE', affiliateType));
    const inactive = room.slice.crm.insert('Account', affiliateAccount('Lapsed Co', 'Inactive', affiliateType));
    await signUp('referred', active);
    await signUp('lapsed', inactive);
    await signUp('bogus', "x' OR Id != '");

    expect((await applicationOf('referred@example.com')).affiliateId).toBe(active);
    expect((await applicationOf('lapsed@example.com')).affiliateId).toBeUndefined();
    expect((await applicationOf('bogus@example.com')).affiliateId).toBeUndefined();
    const leads = room.slice.crm.records('Lead');
    expect(affiliateOf(leads.find((l) => l.Email === 'referred@example.com'))).toBe(active);
    expect(affiliateOf(leads.find((l) => l.Email === 'lapsed@example.com'))).toBeUndefined();
  });

  it('answers an affiliate account status from the CRM, and not found for any other account', async () => {
    const partner = room.slice.crm.insert(
      'Account',
      affiliateAccount('Status Partner', 'Active', room.slice.settings.worker.AFFILIATE_RECORD_TYPE_ID),
    );
    const customer = room.slice.crm.insert('Account', { Name: 'Customer', RecordTypeId: '012000000000CUSAAA' });
    const anonymous = room.browser();
    const ok = await anonymous.get(`/account/account-status/${partner}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual(affiliateStatusAnswer('Active', room.slice.settings.worker.AFFILIATE_RECORD_TYPE_ID));
    expect((await anonymous.get(`/account/account-status/${customer}`)).status).toBe(404);
    expect((await anonymous.get('/account/account-status/001000000000NOPE')).status).toBe(404);
    expect((await anonymous.get("/account/account-status/x' OR Id != '")).status).toBe(404);
  });
});
