// The stand-in's org rules, driven by the real jsforce: it refuses what a Salesforce org refuses.
import { Connection } from 'jsforce';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCrmStandin, type CrmStandin } from '../index';

delete process.env.HTTP_PROXY;
delete process.env.HTTPS_PROXY;
delete process.env.http_proxy;
delete process.env.https_proxy;

const CLIENT = { clientId: 'org-client', clientSecret: 'org-secret' };
let crm: CrmStandin;
let conn: Connection;

async function connect(loginUrl: string) {
  const c = new Connection({ oauth2: { loginUrl, ...CLIENT }, version: '59.0' });
  await c.authorize({ grant_type: 'client_credentials' });
  return c;
}
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as { errorCode?: string; data?: unknown },
  );

beforeAll(async () => {
  crm = await startCrmStandin({ port: 0, ...CLIENT });
  conn = await connect(crm.url);
});
afterAll(async () => {
  await crm.close();
});
beforeEach(() =>
  crm.configure({ stateCountryPicklists: false, duplicateRule: 'alert', jsonBlobLimit: 37.5 * 1024 * 1024 }),
);

describe('CRM stand-in org schema: field rules', () => {
  it("refuses a value over the field's length with STRING_TOO_LONG, naming the field", async () => {
    const err = await failure(conn.sobject('Lead').create({ FirstName: 'x'.repeat(41), LastName: 'L', Company: 'C' }));
    expect(err).toMatchObject({ errorCode: 'STRING_TOO_LONG', data: { fields: ['FirstName'] } });
    expect(
      (await conn.sobject('Lead').create({ FirstName: 'x'.repeat(40), LastName: 'L', Company: 'C' })).success,
    ).toBe(true);
  });

  it('answers two refused fields with two errors, which jsforce reports as MULTIPLE_API_ERRORS', async () => {
    const err = await failure(
      conn.sobject('Lead').create({ FirstName: 'x'.repeat(41), LastName: 'y'.repeat(81), Company: 'C' }),
    );
    expect(err).toMatchObject({ errorCode: 'MULTIPLE_API_ERRORS' });
    expect((err!.data as { errorCode: string }[]).map((d) => d.errorCode)).toEqual([
      'STRING_TOO_LONG',
      'STRING_TOO_LONG',
    ]);
  });

  it('refuses an unknown field with INVALID_FIELD and a value off a restricted picklist', async () => {
    expect(await failure(conn.sobject('Lead').create({ LastName: 'L', Company: 'C', Nope__c: 1 }))).toMatchObject({
      errorCode: 'INVALID_FIELD',
    });
    const lead = await conn.sobject('Lead').create({ LastName: 'L', Company: 'C' });
    expect(await failure(conn.sobject('Lead').update({ Id: lead.id!, Status: 'Qualified' }))).toMatchObject({
      errorCode: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
    });
    const opp = crm.insert('Opportunity', { Name: 'O', StageName: 'Prospecting' });
    expect(await failure(conn.sobject('Opportunity').update({ Id: opp, StageName: 'Submitted' }))).toMatchObject({
      errorCode: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
    });
  });

  it('with state and country picklists, refuses codes in State and Country and takes them in StateCode', async () => {
    crm.configure({ stateCountryPicklists: true });
    const err = await failure(conn.sobject('Lead').create({ LastName: 'L', Company: 'C', State: 'NY', Country: 'US' }));
    expect(err).toMatchObject({ errorCode: 'MULTIPLE_API_ERRORS' });
    expect((err!.data as { errorCode: string }[]).every((d) => d.errorCode === 'FIELD_INTEGRITY_EXCEPTION')).toBe(true);
    expect(
      (await conn.sobject('Lead').create({ LastName: 'L', Company: 'C', StateCode: 'NY', CountryCode: 'US' })).success,
    ).toBe(true);
    crm.configure({ stateCountryPicklists: false });
    expect(await failure(conn.sobject('Lead').create({ LastName: 'L', Company: 'C', StateCode: 'NY' }))).toMatchObject({
      errorCode: 'INVALID_FIELD',
    });
  });

  it('refuses an address an Email field does not take (a leading dot) with INVALID_EMAIL_ADDRESS', async () => {
    const refused = await failure(
      conn.sobject('Lead').create({ LastName: 'L', Company: 'C', Email: '.mary@example.com' }),
    );
    expect(refused).toMatchObject({ errorCode: 'INVALID_EMAIL_ADDRESS', data: { fields: ['Email'] } });
    const lead = await conn
      .sobject('Lead')
      .create({ LastName: 'L', Company: 'C', Email: "o'brien.m+x@ex-ample.co.uk" });
    expect(lead.success).toBe(true);
    for (const bad of ['mary.@example.com', 'ma..ry@example.com', 'mary@example'])
      expect(await failure(conn.sobject('Lead').update({ Id: lead.id!, Owner_1_Email__c: bad }))).toMatchObject({
        errorCode: 'INVALID_EMAIL_ADDRESS',
      });
  });
});

describe('CRM stand-in org: duplicates, deletes, sign-in and injected errors', () => {
  it('applies the duplicate rule: an alert saves with allowSave, a block never does', async () => {
    const lead = { LastName: 'Dup', Company: 'C', Email: 'dup@example.com' };
    await conn.sobject('Lead').create(lead);
    expect(await failure(conn.sobject('Lead').create(lead))).toMatchObject({ errorCode: 'DUPLICATES_DETECTED' });
    const allow = { headers: { 'Sforce-Duplicate-Rule-Header': 'allowSave=true' } };
    expect((await conn.sobject('Lead').create(lead, allow)).success).toBe(true);
    crm.configure({ duplicateRule: 'block' });
    expect(await failure(conn.sobject('Lead').create(lead, allow))).toMatchObject({ errorCode: 'DUPLICATES_DETECTED' });
  });

  it('refuses writes to a deleted lead with ENTITY_IS_DELETED and leaves it out of queries', async () => {
    const lead = await conn
      .sobject('Lead')
      .create({ LastName: 'Gone', Company: 'C', Portal_Application_Id__c: 'del-1' });
    await conn.sobject('Lead').destroy(lead.id!);
    expect(await failure(conn.sobject('Lead').update({ Id: lead.id!, City: 'X' }))).toMatchObject({
      errorCode: 'ENTITY_IS_DELETED',
    });
    expect((await conn.query("SELECT Id FROM Lead WHERE Portal_Application_Id__c = 'del-1'")).totalSize).toBe(0);
  });

  it('refuses client credentials off the My Domain host, as login.salesforce.com does', async () => {
    const generic = crm.url.replace('127.0.0.1', 'localhost');
    await expect(connect(generic)).rejects.toThrow('request not supported on this domain');
  });

  it('answers the next N calls with an injected error, then recovers', async () => {
    await fetch(`${crm.url}/__admin/fail-next`, {
      method: 'POST',
      body: JSON.stringify({ errorCode: 'UNABLE_TO_LOCK_ROW', count: 2, method: 'POST' }),
    });
    const create = () => conn.sobject('Lead').create({ LastName: 'L', Company: 'C' });
    expect(await failure(create())).toMatchObject({ errorCode: 'UNABLE_TO_LOCK_ROW' });
    expect(await failure(create())).toMatchObject({ errorCode: 'UNABLE_TO_LOCK_ROW' });
    expect((await create()).success).toBe(true);
  });

  /** A ContentVersion insert in Salesforce's documented multipart form: the JSON part, then the file. */
});

describe('CRM stand-in org: document bodies', () => {
  const documented = (fields: Record<string, string>, bytes: Buffer, order: 'documented' | 'file first') => {
    const b = 'b0undary';
    const json = `--${b}\r\nContent-Disposition: form-data; name="entity_content"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(fields)}\r\n`;
    const file = `--${b}\r\nContent-Disposition: form-data; name="VersionData"; filename="big.pdf"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const parts =
      order === 'documented'
        ? [Buffer.from(json), Buffer.from(file), bytes, Buffer.from('\r\n')]
        : [Buffer.from(file), bytes, Buffer.from(`\r\n${json}`)];
    const body = Buffer.concat([...parts, Buffer.from(`--${b}--\r\n`)]);
    return conn.request<{ id: string }>({
      method: 'POST',
      url: '/sobjects/ContentVersion',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${b}` },
    });
  };

  it('holds a JSON body to the base64 blob limit and takes the same file as multipart', async () => {
    crm.configure({ jsonBlobLimit: 64 * 1024 });
    const bytes = Buffer.alloc(100 * 1024, 7);
    const record = { Title: 'big', PathOnClient: 'big.pdf', VersionData: bytes.toString('base64') };
    expect(await failure(conn.sobject('ContentVersion').create(record))).toMatchObject({
      errorCode: 'JSON_PARSER_ERROR',
    });
    const made = await documented({ Title: 'big', PathOnClient: 'big.pdf' }, bytes, 'documented');
    expect(crm.records('ContentVersion').find((r) => r.Id === made.id)).toMatchObject({ ContentSize: bytes.length });
  });

  it("takes multipart only in Salesforce's documented order and names (entity_content, then VersionData)", async () => {
    const bytes = Buffer.alloc(1024, 7);
    const before = crm.records('ContentVersion').length;
    // The file first: refused.
    expect(await failure(documented({ Title: 'x', PathOnClient: 'x.pdf' }, bytes, 'file first'))).toMatchObject({
      errorCode: 'INVALID_MULTIPART_REQUEST',
    });
    // jsforce 3.10.26's multipart create: the file first, the JSON part named 'ContentVersion'. Refused.
    const viaJsforce = conn
      .sobject('ContentVersion')
      .create(
        { Title: 'x', PathOnClient: 'x.pdf', VersionData: bytes.toString('base64') },
        { multipartFileFields: { VersionData: { filename: 'x.pdf', contentType: 'application/octet-stream' } } },
      );
    expect(await failure(viaJsforce)).toMatchObject({ errorCode: 'INVALID_MULTIPART_REQUEST' });
    expect(crm.records('ContentVersion')).toHaveLength(before);
  });
});
