// The org rules a real Salesforce org keeps (API limits, sessions that end, typed fields) in the stand-in, driven by
// plain HTTP (what Salesforce answers on the wire) and by the real jsforce: API allowance, session expiry, field types,
// unknown fields and objects.
import { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCrmStandin, type CrmStandin } from '../index';

delete process.env.HTTP_PROXY;
delete process.env.HTTPS_PROXY;
delete process.env.http_proxy;
delete process.env.https_proxy;

const CLIENT = { clientId: 'rules-client', clientSecret: 'rules-secret' };
let crm: CrmStandin;
let conn: Connection;
let token = '';

const admin = (what: string, body?: unknown) =>
  fetch(`${crm.url}/__admin/${what}`, { method: 'POST', body: JSON.stringify(body ?? {}) }).then((r) => r.json());
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${crm.url}/services/data/v59.0/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as { errorCode?: string; message?: string },
  );

beforeAll(async () => {
  crm = await startCrmStandin({ port: 0, ...CLIENT, apiLimit: 1000 });
  conn = new Connection({ oauth2: { loginUrl: crm.url, ...CLIENT }, version: '59.0' });
  await conn.authorize({ grant_type: 'client_credentials' });
  token = conn.accessToken!;
});
afterAll(async () => {
  await crm.close();
});

describe('the org API allowance', () => {
  it('tells every REST answer its usage in Sforce-Limit-Info, and answers 403 REQUEST_LIMIT_EXCEEDED over it', async () => {
    await admin('limit', { used: 10 });
    const ok = await api('query?q=' + encodeURIComponent('SELECT Id FROM Lead'));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('sforce-limit-info')).toBe('api-usage=11/1000');

    await admin('limit', { exceeded: true });
    for (const call of [
      api('sobjects/Lead', { method: 'POST', body: '{"LastName":"L","Company":"C"}' }),
      api('query?q=x'),
    ]) {
      const refused = await call;
      expect(refused.status).toBe(403);
      expect(refused.headers.get('sforce-limit-info')).toMatch(/^api-usage=\d+\/1000$/);
      expect(await refused.json()).toEqual([
        { message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' },
      ]);
    }
    // SOAP answers it as a fault; jsforce reads the code.
    expect(await failure(conn.soap.convertLead({ leadId: '00Q000000000000AAA', convertedStatus: 'x' }))).toMatchObject({
      errorCode: 'sf:REQUEST_LIMIT_EXCEEDED',
    });
    expect(crm.records('Lead')).toHaveLength(0);

    // Counted over the allowance, the same: until the window moves on (the reset).
    await admin('limit', { exceeded: false, used: 1000 });
    expect((await api('query?q=' + encodeURIComponent('SELECT Id FROM Lead'))).status).toBe(403);
    expect(await admin('limit', { used: 0 })).toEqual({ used: 0, limit: 1000, exceeded: false });
    expect((await api('query?q=' + encodeURIComponent('SELECT Id FROM Lead'))).status).toBe(200);
  });
});

describe('the API calls counted', () => {
  it('names each call by method and route, record ids and the version left out and a query by its object', async () => {
    const calls = async () =>
      (await (await fetch(`${crm.url}/__admin/calls`)).json()) as { apiCalls: number; byRoute: Record<string, number> };
    const before = await calls();
    const made = await api('sobjects/Lead', { method: 'POST', body: '{"LastName":"Counted","Company":"C"}' });
    const { id } = (await made.json()) as { id: string };
    await api(`sobjects/Lead/${id}`, { method: 'PATCH', body: '{"City":"Austin"}' });
    await api('query?q=' + encodeURIComponent(`SELECT Id FROM Lead WHERE Id = '${id}'`));
    const after = await calls();
    expect(after.apiCalls - before.apiCalls).toBe(3);
    const grew = (route: string) => (after.byRoute[route] ?? 0) - (before.byRoute[route] ?? 0);
    expect(grew('POST /services/data/vXX.X/sobjects/Lead')).toBe(1);
    expect(grew('PATCH /services/data/vXX.X/sobjects/Lead/:id')).toBe(1);
    expect(grew('GET /services/data/vXX.X/query (FROM Lead)')).toBe(1);
  });
});

describe('sessions', () => {
  it('ends every issued session on the switch: REST answers 401 INVALID_SESSION_ID, SOAP the fault', async () => {
    const plain = new Connection({ instanceUrl: crm.url, accessToken: token, version: '59.0' });
    expect((await plain.query('SELECT Id FROM Lead')).done).toBe(true);
    expect(await admin('expire-sessions')).toMatchObject({ expired: expect.any(Number) });

    const rest = await api('query?q=' + encodeURIComponent('SELECT Id FROM Lead'));
    expect(rest.status).toBe(401);
    expect(await rest.json()).toEqual([{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
    expect(await failure(plain.soap.convertLead({ leadId: '00Q000000000000AAA', convertedStatus: 'x' }))).toMatchObject(
      { errorCode: 'sf:INVALID_SESSION_ID' },
    );
    // A new sign-in is a new session.
    await conn.authorize({ grant_type: 'client_credentials' });
    token = conn.accessToken!;
    expect((await conn.query('SELECT Id FROM Lead')).done).toBe(true);
  });
});

describe('field types', () => {
  it('refuses text in a number, date or checkbox field with JSON_PARSER_ERROR, in Salesforce’s words', async () => {
    const base = { LastName: 'Typed', Company: 'Types Ltd' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ AnnualRevenue: 'a lot' }, /^Cannot deserialize instance of double from VALUE_STRING value a lot or request/],
      [{ NumberOfEmployees: 12.5 }, /^Cannot deserialize instance of int from VALUE_NUMBER_FLOAT value 12.5 /],
      [{ Business_Start_Date__c: '03/15/2020' }, /^Cannot deserialize instance of date from VALUE_STRING value 03\/15/],
      [{ Owner_1_Birthdate__c: '1980-02-30' }, /^Cannot deserialize instance of date from VALUE_STRING /],
      [{ Accepts_Credit_Cards__c: 'yes' }, /^Cannot deserialize instance of boolean from VALUE_STRING value yes /],
      [{ Has_Second_Owner__c: 1 }, /^Cannot deserialize instance of boolean from VALUE_NUMBER_INT value 1 /],
    ];
    for (const [fields, message] of cases) {
      const res = await api('sobjects/Lead', { method: 'POST', body: JSON.stringify({ ...base, ...fields }) });
      expect(res.status).toBe(400);
      const [error] = (await res.json()) as { errorCode: string; message: string }[];
      expect(error!.errorCode).toBe('JSON_PARSER_ERROR');
      expect(error!.message).toMatch(message);
      expect(error!.message).toMatch(/missing a required field at \[line:1, column:\d+\]$/);
    }
    expect(crm.records('Lead').filter((l) => l.LastName === 'Typed')).toHaveLength(0);

    // The right types, and the strings Salesforce coerces, are taken; an update is checked the same way.
    const made = await conn.sobject('Lead').create({
      ...base,
      AnnualRevenue: '1200.50',
      NumberOfEmployees: 12,
      Business_Start_Date__c: '2020-03-15',
      Accepts_Credit_Cards__c: 'true',
      Has_Second_Owner__c: false,
      Average_Daily_Balance__c: null,
    });
    expect(made.success).toBe(true);
    expect(
      await failure(conn.sobject('Lead').update({ Id: made.id!, csbs__Amount_Requested__c: '$5,000' })),
    ).toMatchObject({ errorCode: 'JSON_PARSER_ERROR' });
  });

  it('answers a query naming an unknown field INVALID_FIELD and an unknown object INVALID_TYPE', async () => {
    expect(await failure(conn.query('SELECT Id, Credit_Limit__c FROM Lead'))).toMatchObject({
      errorCode: 'INVALID_FIELD',
      message: expect.stringContaining("No such column 'Credit_Limit__c' on entity 'Lead'"),
    });
    expect(await failure(conn.query("SELECT Id FROM Lead WHERE Portal_App__c = 'x'"))).toMatchObject({
      errorCode: 'INVALID_FIELD',
    });
    const wrongType = await failure(conn.query('SELECT Id FROM Application__c'));
    expect(wrongType).toMatchObject({
      errorCode: 'INVALID_TYPE',
      message: expect.stringContaining("sObject type 'Application__c' is not supported."),
    });
    expect(wrongType!.message).toContain('ERROR at Row:1:Column:16');
  });
});

describe('assignment rules', () => {
  const owner = (id: string) => crm.records('Lead').find((l) => l.Id === id)!.OwnerId as string;
  const rep = () => crm.records('User')[0]!.Id;

  it('run on create and update unless Sforce-Auto-Assign is FALSE; a queue’s lead needs an owner to convert', async () => {
    crm.configure({ assignTo: 'queue' });
    try {
      const queued = await conn.sobject('Lead').create({ LastName: 'Q', Company: 'Queue Ltd' });
      expect(owner(queued.id!)).toMatch(/^00G/);
      // Not assigned: the lead is the integration user's.
      const kept = await conn
        .sobject('Lead')
        .create({ LastName: 'K', Company: 'Kept Ltd' }, { headers: { 'Sforce-Auto-Assign': 'FALSE' } });
      expect(owner(kept.id!)).toBe(rep());
      // A rep picks the lead up from the queue; an update with the rule on hands it back to the queue.
      await conn
        .sobject('Lead')
        .update({ Id: kept.id!, Industry: 'Retail' }, { headers: { 'Sforce-Auto-Assign': 'false' } });
      expect(owner(kept.id!)).toBe(rep());
      await conn.sobject('Lead').update({ Id: kept.id!, Industry: 'Retail' });
      expect(owner(kept.id!)).toMatch(/^00G/);

      const refused = (await conn.soap.convertLead({
        leadId: queued.id!,
        convertedStatus: 'Closed - Converted',
      })) as { success: boolean; errors: { statusCode: string; message: string }[] };
      expect(refused.success).toBe(false);
      expect(refused.errors[0]!.statusCode).toBe('INVALID_OWNER_ID');
      expect(refused.errors[0]!.message).toMatch(/^Converted objects can only be owned by users\./);
      const converted = (await conn.soap.convertLead({
        leadId: queued.id!,
        convertedStatus: 'Closed - Converted',
        ownerId: rep(),
      })) as { success: boolean; opportunityId: string };
      expect(converted.success).toBe(true);
      expect(crm.records('Opportunity').find((o) => o.Id === converted.opportunityId)).toMatchObject({
        OwnerId: rep(),
      });
    } finally {
      crm.configure({ assignTo: 'rep' });
    }
  });
});
