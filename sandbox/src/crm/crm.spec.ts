// The stand-in driven by the real jsforce, as the worker drives it.
import { Connection } from 'jsforce';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCrmStandin, type CrmStandin } from '../index';

delete process.env.HTTP_PROXY;
delete process.env.HTTPS_PROXY;
delete process.env.http_proxy;
delete process.env.https_proxy;

const CLIENT = { clientId: 'spec-client', clientSecret: 'spec-secret' };
let crm: CrmStandin;

async function connect(url: string) {
  const conn = new Connection({
    oauth2: { loginUrl: url, ...CLIENT },
    version: '59.0',
    refreshFn: (c, cb) => {
      c.authorize({ grant_type: 'client_credentials' }).then(
        () => cb(null, c.accessToken ?? undefined),
        (e: Error) => cb(e),
      );
    },
  });
  await conn.authorize({ grant_type: 'client_credentials' });
  return conn;
}

beforeAll(async () => {
  crm = await startCrmStandin({ port: 0, ...CLIENT });
});
afterAll(async () => {
  await crm.close();
});

describe('CRM stand-in through jsforce: credentials, leads and sessions', () => {
  it('refuses wrong client credentials like Salesforce', async () => {
    const conn = new Connection({ oauth2: { loginUrl: crm.url, clientId: 'x', clientSecret: 'y' }, version: '59.0' });
    await expect(conn.authorize({ grant_type: 'client_credentials' })).rejects.toThrow('invalid client credentials');
  });

  it('creates, retrieves, queries and updates a lead owned by the rep', async () => {
    const conn = await connect(crm.url);
    const created = await conn.sobject('Lead').create({
      FirstName: 'Ada',
      LastName: 'Lovelace',
      Company: "Babbage's Engines",
      Portal_Application_Id__c: 'app-1',
    });
    expect(created.id).toMatch(/^00Q[A-Za-z0-9]{15}$/);
    const lead = (await conn.sobject('Lead').retrieve(created.id!)) as Record<string, unknown>;
    expect(lead.OwnerId).toMatch(/^005/);
    expect(lead.Status).toBe('Open - Not Contacted');
    const found = await conn.query<{ Id: string; Company: string }>(
      "SELECT Id, Company FROM Lead WHERE Portal_Application_Id__c = 'app-1' LIMIT 1",
    );
    expect(found.records[0]).toMatchObject({ Id: created.id, Company: "Babbage's Engines" });
    const byQuote = await conn.query("SELECT Id FROM Lead WHERE Company = 'Babbage\\'s Engines'");
    expect(byQuote.totalSize).toBe(1);
    await conn.sobject('Lead').update({ Id: created.id!, City: 'London' });
    expect(crm.records('Lead')[0]).toMatchObject({ City: 'London' });
  });

  it('selects by a list of values (IN) and nests a parent’s fields under its relationship, as SOQL answers', async () => {
    const conn = await connect(crm.url);
    const made = await Promise.all(
      ['in-1', 'in-2', 'in-3'].map((app) =>
        conn.sobject('Lead').create({ LastName: 'In', Company: 'List Co', Portal_Application_Id__c: app }),
      ),
    );
    const found = await conn.query<{ Id: string }>(
      "SELECT Id FROM Lead WHERE Company = 'List Co' AND Portal_Application_Id__c IN ('in-1', 'in-3','none')",
    );
    expect(found.records.map((r) => r.Id).sort()).toEqual([made[0]!.id, made[2]!.id].sort());
    const byIds = await conn.query(`SELECT Id FROM Lead WHERE Id IN ('${made[1]!.id}', '${made[1]!.id}')`);
    expect(byIds.totalSize).toBe(1);

    const rep = crm.records('User')[0]!;
    const opportunity = crm.insert('Opportunity', { Name: 'Nested', StageName: 'Prospecting', OwnerId: rep.Id });
    const orphan = crm.insert('Opportunity', { Name: 'No owner', StageName: 'Prospecting' });
    const nested = await conn.query<Record<string, unknown>>(
      `SELECT Id, Owner.Name, Owner.Calendly_Link__c FROM Opportunity WHERE Id IN ('${opportunity}', '${orphan}')`,
    );
    const byId = new Map(nested.records.map((r) => [r.Id, r]));
    expect(byId.get(opportunity)).toEqual({
      attributes: { type: 'Opportunity', url: `/services/data/v59.0/sobjects/Opportunity/${opportunity}` },
      Id: opportunity,
      Owner: {
        attributes: { type: 'User', url: `/services/data/v59.0/sobjects/User/${rep.Id}` },
        Name: rep.Name,
        Calendly_Link__c: rep.Calendly_Link__c,
      },
    });
    expect(byId.get(orphan)?.Owner).toBeNull();
    await expect(conn.query('SELECT Id, Boss.Name FROM Opportunity')).rejects.toMatchObject({
      errorCode: 'INVALID_FIELD',
      message: expect.stringContaining("Didn't understand relationship 'Boss' in field path."),
    });
    await expect(conn.query("SELECT Id FROM Lead WHERE Company IN ('a',")).rejects.toMatchObject({
      errorCode: 'MALFORMED_QUERY',
    });
  });

  it('answers a missing required field with REQUIRED_FIELD_MISSING', async () => {
    const conn = await connect(crm.url);
    const err = await conn
      .sobject('Lead')
      .create({ FirstName: 'No', Company: 'Surname Ltd' })
      .catch((e: unknown) => e as { errorCode?: string });
    expect(err).toMatchObject({ errorCode: 'REQUIRED_FIELD_MISSING' });
  });

  it('refreshes an invalid session through refreshFn and goes on', async () => {
    const conn = await connect(crm.url);
    conn.accessToken = 'expired-token';
    const res = await conn.query('SELECT Id FROM User');
    expect(res.totalSize).toBe(1);
  });
});

describe('CRM stand-in through jsforce: conversion, documents, outages and restarts', () => {
  it('converts a lead over SOAP once, and refuses a second conversion', async () => {
    const conn = await connect(crm.url);
    const lead = await conn.sobject('Lead').create({ LastName: 'Hopper', Company: 'Cobol Co' });
    const ok = await conn.soap.convertLead({ leadId: lead.id!, convertedStatus: 'Closed - Converted' });
    expect(ok).toMatchObject({ success: true, leadId: lead.id });
    expect((ok as { opportunityId: string }).opportunityId).toMatch(/^006/);
    const again = await conn.soap.convertLead({ leadId: lead.id!, convertedStatus: 'Closed - Converted' });
    expect(again).toMatchObject({ success: false, errors: [{ statusCode: 'CANNOT_UPDATE_CONVERTED_LEAD' }] });
  });

  it('stores a document fingerprint for a ContentVersion', async () => {
    const conn = await connect(crm.url);
    const v = await conn.sobject('ContentVersion').create({
      Title: 'voided-check',
      PathOnClient: 'voided-check.pdf',
      VersionData: Buffer.from('%PDF-1.4 test').toString('base64'),
    });
    expect(v.id).toMatch(/^068/);
    const stored = crm.records('ContentVersion').find((r) => r.Id === v.id);
    expect(stored).toMatchObject({ ContentSize: 13 });
    expect(stored?.ContentDocumentId).toMatch(/^069/);
    expect(stored).not.toHaveProperty('VersionData');
  });

  it('fails every call while down and recovers when up', async () => {
    const conn = await connect(crm.url);
    await fetch(`${crm.url}/__admin/down`, { method: 'POST' });
    await expect(conn.sobject('Lead').create({ LastName: 'X', Company: 'Y' })).rejects.toMatchObject({
      errorCode: 'SERVER_UNAVAILABLE',
    });
    await fetch(`${crm.url}/__admin/up`, { method: 'POST' });
    expect((await conn.sobject('Lead').create({ LastName: 'X', Company: 'Y' })).success).toBe(true);
  });

  it('keeps its records across a restart with a data file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crm-'));
    try {
      const first = await startCrmStandin({ port: 0, ...CLIENT, dataFile: join(dir, 'crm.json') });
      const id = first.insert('Account', { Name: 'Durable Inc' });
      const rep = first.records('User')[0]?.Id;
      await first.close();
      const second = await startCrmStandin({ port: 0, ...CLIENT, dataFile: join(dir, 'crm.json') });
      expect(second.records('Account').map((a) => a.Id)).toContain(id);
      expect(second.records('User')[0]?.Id).toBe(rep);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
