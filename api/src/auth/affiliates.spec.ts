import type { Document, WithId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { applicantFor } from '../../../tests/support/api-client';
import { until } from '../../../tests/support/until';
import { authSlice } from './auth.spec-setup';

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

  it('keeps an active affiliate of the configured record type and drops any other', async () => {
    const active = room.slice.crm.insert('Account', {
      Name: 'Partner Co',
      RecordTypeId: room.slice.settings.worker.AFFILIATE_RECORD_TYPE_ID,
      Status__c: 'ACTIVE',
    });
    const inactive = room.slice.crm.insert('Account', {
      Name: 'Lapsed Co',
      RecordTypeId: room.slice.settings.worker.AFFILIATE_RECORD_TYPE_ID,
      Status__c: 'Inactive',
    });
    await room.browser().post('/auth/register', { ...applicant('referred'), affiliateId: active });
    await room.browser().post('/auth/register', { ...applicant('lapsed'), affiliateId: inactive });
    await room.browser().post('/auth/register', { ...applicant('bogus'), affiliateId: "x' OR Id != '" });

    expect((await applicationOf('referred@example.com')).affiliateId).toBe(active);
    expect((await applicationOf('lapsed@example.com')).affiliateId).toBeUndefined();
    expect((await applicationOf('bogus@example.com')).affiliateId).toBeUndefined();
    const leads = room.slice.crm.records('Lead');
    expect(leads.find((l) => l.Email === 'referred@example.com')?.Affiliate_Id__c).toBe(active);
    expect(leads.find((l) => l.Email === 'lapsed@example.com')?.Affiliate_Id__c).toBeUndefined();
  });

  it('answers an affiliate account status from the CRM, and not found for any other account', async () => {
    const partner = room.slice.crm.insert('Account', {
      Name: 'Status Partner',
      RecordTypeId: room.slice.settings.worker.AFFILIATE_RECORD_TYPE_ID,
      Status__c: 'Active',
    });
    const customer = room.slice.crm.insert('Account', { Name: 'Customer', RecordTypeId: '012000000000CUSAAA' });
    const anonymous = room.browser();
    const ok = await anonymous.get(`/account/account-status/${partner}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ Status__c: 'Active', RecordTypeId: room.slice.settings.worker.AFFILIATE_RECORD_TYPE_ID });
    expect((await anonymous.get(`/account/account-status/${customer}`)).status).toBe(404);
    expect((await anonymous.get('/account/account-status/001000000000NOPE')).status).toBe(404);
    expect((await anonymous.get("/account/account-status/x' OR Id != '")).status).toBe(404);
  });
});
