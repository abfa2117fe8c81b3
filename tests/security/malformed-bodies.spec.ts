// Issue 10, item 5: bad input answered 500 (61 of 768 malformed bodies). Every mutating endpoint gets
// every wrong type in every field, and every kind of broken body; not one answer may be a 500.
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, applicantFor, type Answer } from '../support/api-client';
import { HostileClient, endOfFileChecks, raw, signedInApplicant, tally } from './support';
import { DETAILS, FINANCIAL, OWNER, QUESTION, signedWebhook } from './valid-bodies';

endOfFileChecks(__filename);

const JSON_TYPE = { 'content-type': 'application/json' };
const nest = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** What a field is meant to hold: a wrong type for it is an invalid value, counted when accepted. */
type FieldKind = 'text' | 'number' | 'bool' | 'list';
type Kind = { name: string; value: unknown; validFor?: FieldKind[] };

/** Values of the wrong type (or shape) for a field. null and in-kind values may be valid for some fields. */
const WRONG_VALUES: Kind[] = [
  { name: 'an empty object', value: {} },
  { name: 'a $ne operator object', value: { $ne: null } },
  { name: 'a $gt operator object', value: { $gt: '' } },
  { name: 'a $regex operator object', value: { $regex: '.*' } },
  { name: 'an empty array', value: [], validFor: ['list'] },
  { name: 'an array of a string', value: ['x'] },
  { name: 'an array of an operator object', value: [{ $ne: null }] },
  { name: 'zero', value: 0, validFor: ['number'] },
  { name: 'a negative number', value: -1 },
  { name: 'a fraction', value: 1.5, validFor: ['number'] },
  { name: '1e308', value: 1e308 },
  { name: 'true', value: true, validFor: ['bool'] },
  { name: 'false', value: false, validFor: ['bool'] },
  { name: 'null', value: null, validFor: ['text', 'number', 'bool', 'list'] },
  { name: 'a 90 KB string', value: 'x'.repeat(90_000) },
  { name: 'a NUL byte', value: 'a\u0000b' },
  { name: 'an object nested 40 deep', value: nest(40) },
  { name: 'a __proto__ object', value: JSON.parse('{"__proto__":{"polluted":true}}') },
];

type Ctx = { applicationId: string; businessId: string; ownerSetId: string; offerId: string; userId: string };
type Target = {
  name: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  path: (c: Ctx) => string;
  /** The valid body; absent for endpoints that take none (they get only the broken-body attacks). */
  body?: (c: Ctx) => Record<string, unknown>;
  fields?: Record<string, FieldKind>;
  anonymous?: boolean;
  /** The multipart upload: JSON is the wrong content type there. */
  multipart?: boolean;
  /** Webhook bodies of the field attacks are signed, so they reach the handler. */
  signed?: boolean;
};

const text = (...names: string[]): Record<string, FieldKind> => Object.fromEntries(names.map((n) => [n, 'text']));
let seq = 0;

const TARGETS: Target[] = [
  {
    name: 'register',
    method: 'POST',
    path: () => '/auth/register',
    body: () => ({ ...applicantFor(`mal-reg-${Date.now()}-${++seq}`), affiliateId: '' }),
    fields: text(
      'firstName',
      'lastName',
      'businessName',
      'phone',
      'email',
      'password',
      'confirmPassword',
      'affiliateId',
    ),
    anonymous: true,
  },
  {
    name: 'login',
    method: 'POST',
    path: () => '/auth/login',
    body: () => ({ username: 'nobody@example.com', password: TEST_PASSWORD }),
    fields: text('username', 'password'),
    anonymous: true,
  },
  {
    name: 'confirm sign-up',
    method: 'POST',
    path: () => '/auth/confirm-signup',
    body: () => ({ username: 'nobody@example.com', password: TEST_PASSWORD, code: '123456' }),
    fields: text('username', 'password', 'code'),
    anonymous: true,
  },
  {
    name: 'send confirmation code',
    method: 'POST',
    path: () => '/auth/send-confirmation-code',
    body: () => ({ username: 'nobody@example.com' }),
    fields: text('username'),
    anonymous: true,
  },
  {
    name: 'forgot password',
    method: 'POST',
    path: () => '/auth/forgot-password',
    body: () => ({ username: 'nobody@example.com' }),
    fields: text('username'),
    anonymous: true,
  },
  {
    name: 'confirm forgot password',
    method: 'POST',
    path: () => '/auth/confirm-forgot-password',
    body: () => ({
      username: 'nobody@example.com',
      code: '123456',
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    }),
    fields: text('username', 'code', 'password', 'confirmPassword'),
    anonymous: true,
  },
  {
    name: 'refresh token',
    method: 'POST',
    path: () => '/auth/refresh-token',
    body: () => ({ username: 'nobody@example.com' }),
    fields: text('username'),
    anonymous: true,
  },
  { name: 'logout', method: 'POST', path: () => '/auth/logout', anonymous: true },
  { name: 'verify email', method: 'PATCH', path: (c) => `/auth/${c.userId}/verify-email` },
  {
    name: 'create application',
    method: 'POST',
    path: () => '/application',
    body: (c) => ({ userId: c.userId, topUp: 0 }),
    fields: { userId: 'text', topUp: 'number' },
  },
  {
    name: 'change application',
    method: 'PATCH',
    path: (c) => `/application/${c.applicationId}`,
    body: () => ({ topUp: 0 }),
    fields: { topUp: 'number' },
  },
  {
    name: 'giggle-finance',
    method: 'POST',
    path: (c) => `/application/${c.applicationId}/giggle-finance`,
    body: () => ({ action: 'back' }),
    fields: text('action'),
  },
  {
    name: 'submit application',
    method: 'POST',
    path: (c) => `/application/${c.applicationId}/submit-application`,
    body: () => ({ voidedCheck: 'notAvailable', driversLicense: 'notAvailable' }),
    fields: text('voidedCheck', 'driversLicense'),
  },
  { name: 'submit statements', method: 'POST', path: (c) => `/application/${c.applicationId}/submit-statements` },
  {
    name: 'business',
    method: 'POST',
    path: () => '/business',
    body: (c) => ({ applicationId: c.applicationId }),
    fields: text('applicationId'),
  },
  {
    name: 'financial',
    method: 'PATCH',
    path: (c) => `/business/${c.businessId}`,
    body: () => FINANCIAL,
    fields: { section: 'text', annualRevenue: 'number', amountRequested: 'number' },
  },
  {
    name: 'business question',
    method: 'PATCH',
    path: (c) => `/business/${c.businessId}`,
    body: () => QUESTION,
    fields: text('section', 'businessStarted', 'businessStartDate', 'useOfProceeds'),
  },
  {
    name: 'business details',
    method: 'PATCH',
    path: (c) => `/business/${c.businessId}`,
    body: () => DETAILS,
    fields: {
      ...text(
        'businessName',
        'dbaName',
        'legalEntity',
        'acceptsCreditCards',
        'otherBusinessLoans',
        'federalTaxId',
        'phoneNumber',
        'country',
        'address',
        'suiteFloor',
        'city',
        'state',
        'zip',
        'industry',
        'naics',
        'website',
        'businessDescription',
      ),
      avgDailyBalance: 'number',
      openLoanBalances: 'number',
      numberOfEmployees: 'number',
      productsInterestedIn: 'list',
      hasRealEstate: 'bool',
      hasBusinessBankAccount: 'bool',
    },
  },
  {
    name: 'owner set',
    method: 'POST',
    path: () => '/owner',
    body: (c) => ({ applicationId: c.applicationId }),
    fields: text('applicationId'),
  },
  {
    name: 'owners',
    method: 'PATCH',
    path: (c) => `/owner/${c.ownerSetId}`,
    body: () => ({ owners: [OWNER], sameAsBusinessInfo: false }),
    fields: {
      owners: 'list',
      sameAsBusinessInfo: 'bool',
      ...Object.fromEntries(
        Object.keys(OWNER).map((k) => [
          `owners.0.${k}`,
          ['ownershipPercent', 'creditReport'].includes(k) ? 'number' : k === 'isUSCitizen' ? 'bool' : 'text',
        ]),
      ),
    },
  },
  {
    name: 'stage record',
    method: 'POST',
    path: () => '/stage',
    body: (c) => ({ applicationId: c.applicationId, pageName: 'FINANCIAL', path: '/financial' }),
    fields: text('applicationId', 'pageName', 'path'),
  },
  {
    name: 'stage move',
    method: 'PATCH',
    path: (c) => `/stage/${c.applicationId}`,
    body: () => ({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial', isPdfSent: false }),
    fields: { pageName: 'text', pageStep: 'number', path: 'text', isPdfSent: 'bool' },
  },
  { name: 'stage next', method: 'POST', path: (c) => `/stage/${c.applicationId}/next` },
  { name: 'stage previous', method: 'POST', path: (c) => `/stage/${c.applicationId}/previous` },
  {
    name: 'signing',
    method: 'POST',
    path: () => '/box/sign',
    body: () => ({}),
    fields: text('applicationId'),
  },
  {
    name: 'offers',
    method: 'POST',
    path: () => '/offer',
    body: () => ({}),
    fields: text('applicationId'),
  },
  {
    name: 'offer selection',
    method: 'PATCH',
    path: (c) => `/offer/${c.offerId}`,
    body: (c) => ({ applicationId: c.applicationId, selectedId: 'none' }),
    fields: { applicationId: 'text', selectedId: 'text', offerOptions: 'list', 'offerOptions.0.isSelected': 'text' },
  },
  {
    name: 'email offer',
    method: 'POST',
    path: () => '/offer/email-offer',
    body: () => ({}),
    fields: text('applicationId'),
  },
  { name: 'file upload', method: 'POST', path: () => '/file/s3', multipart: true },
  { name: 'file removal', method: 'DELETE', path: () => '/file/000000000000000000000000' },
  {
    name: 'Box webhook',
    method: 'POST',
    path: () => '/webhooks/box',
    body: () => ({
      type: 'webhook_event',
      id: 'evt-malformed',
      trigger: 'SIGN_REQUEST.COMPLETED',
      additional_info: { sign_request_id: 'unknown-request' },
    }),
    fields: text('type', 'id', 'trigger', 'additional_info.sign_request_id'),
    anonymous: true,
    signed: true,
  },
];

/** The body with one (possibly nested, dotted) field replaced. */
function withField(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const k of keys.slice(0, -1)) {
    at[k] ??= {};
    at = at[k] as Record<string, unknown>;
  }
  Object.defineProperty(at, keys.at(-1)!, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

let applicant: Awaited<ReturnType<typeof signedInApplicant>>;
let ctx: Ctx;
/** Every answer that was a 5xx, named by target and attack, so a failure says where. */
const crashes: string[] = [];

/** One JSON body with a wrong field (webhook bodies signed, so the attack reaches the handler). */
async function fieldAttack(target: Target, label: string, bytes: string) {
  const client = target.anonymous ? new HostileClient() : applicant.client;
  const headers = target.signed ? signedWebhook(bytes) : JSON_TYPE;
  const answer = await raw(client, target.method, target.path(ctx), bytes, headers);
  if (answer.status >= 500) crashes.push(`${target.name}: ${label} -> ${answer.status}`);
  return answer;
}

beforeAll(async () => {
  applicant = await signedInApplicant('sec-malformed');
  const app = applicant.user.applications[0];
  ctx = {
    applicationId: applicant.applicationId,
    businessId: app.business[0]._id,
    ownerSetId: app.owners._id,
    offerId: app.offer[0]._id,
    userId: applicant.user._id,
  };
});

/** The answer carries the error shape every client reads: data.message, in words. */
const expectClearRefusal = (a: Answer, status: number) => {
  expect(a.status).toBe(status);
  expect(typeof a.body?.data?.message).toBe('string');
  expect(a.body.data.message.length).toBeGreaterThan(5);
};

describe('the attacks of issue 10 item 5, each replayed', () => {
  it('a 1 MB body answers 413 with a clear message', async () => {
    const body = JSON.stringify({ ...DETAILS, businessDescription: 'x'.repeat(1024 * 1024) });
    for (const path of [`/business/${ctx.businessId}`, `/owner/${ctx.ownerSetId}`])
      expectClearRefusal(await raw(applicant.client, 'PATCH', path, body, JSON_TYPE), 413);
    expectClearRefusal(await raw(new HostileClient(), 'POST', '/auth/register', body, JSON_TYPE), 413);
  });

  it('a body just over 100 kB answers 413, and the largest legitimate body (the owners save) fits', async () => {
    const over = JSON.stringify({ owners: [OWNER], pad: 'x'.repeat(100 * 1024) });
    expectClearRefusal(await raw(applicant.client, 'PATCH', `/owner/${ctx.ownerSetId}`, over, JSON_TYPE), 413);
    const twoFullOwners = {
      owners: [
        { ...OWNER, ownershipPercent: '50', address: 'a'.repeat(200) },
        {
          ...OWNER,
          ownershipPercent: '50',
          ownerEmailId: 'charles@example.com',
          phoneNumber: '(555) 765-4321',
          address: 'b'.repeat(200),
        },
      ],
      sameAsBusinessInfo: true,
    };
    const saved = await applicant.client.patch(`/owner/${ctx.ownerSetId}`, twoFullOwners);
    expect(saved.status).toBe(200);
  });

  it('an array nested 20,000 deep answers 400 before anything recurses', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const wrapped = `{"firstName":${deep}}`;
    expectClearRefusal(await raw(new HostileClient(), 'POST', '/auth/register', wrapped, JSON_TYPE), 400);
    expectClearRefusal(await raw(new HostileClient(), 'POST', '/auth/login', deep, JSON_TYPE), 400);
    expectClearRefusal(await raw(applicant.client, 'PATCH', `/stage/${ctx.applicationId}`, wrapped, JSON_TYPE), 400);
  });

  it('an object nested 33 deep answers 400; 32 deep is still parsed', async () => {
    const at = (depth: number) => JSON.stringify({ ...applicantFor('deep'), extra: nest(depth - 1) });
    expectClearRefusal(await raw(new HostileClient(), 'POST', '/auth/login', at(33), JSON_TYPE), 400);
    const within = await raw(new HostileClient(), 'POST', '/auth/login', at(32), JSON_TYPE);
    expect(within.status).toBe(400);
    expect(within.body.data.message).not.toMatch(/deep/i);
  });

  it('a text/plain body never reaches a handler as undefined: 415', async () => {
    const body = JSON.stringify({ voidedCheck: 'notAvailable', driversLicense: 'notAvailable' });
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded'])
      expectClearRefusal(
        await raw(applicant.client, 'POST', `/application/${ctx.applicationId}/submit-application`, body, {
          'content-type': type,
        }),
        415,
      );
  });

  it('a name given as an object or a number answers 400, never a crash on .trim', async () => {
    for (const firstName of [{}, { $ne: null }, 42, ['Ada'], true]) {
      const a = await new HostileClient().post('/auth/register', {
        ...applicantFor(`mal-name-${++seq}`),
        firstName,
      });
      expectClearRefusal(a, 400);
      expect(a.body.data.fields).toHaveProperty('firstName');
    }
    const owners = await applicant.client.patch(`/owner/${ctx.ownerSetId}`, {
      owners: [{ ...OWNER, firstName: { $ne: null }, lastName: 7 }],
    });
    expectClearRefusal(owners, 400);
  });

  it('a non-string password answers 400 and never reaches argon2', async () => {
    for (const password of [12345678, { $ne: null }, ['Ledger-Quill-42'], true, null]) {
      expectClearRefusal(await new HostileClient().post('/auth/login', { username: 'a@example.com', password }), 400);
      expectClearRefusal(
        await new HostileClient().post('/auth/register', { ...applicantFor(`mal-pw-${++seq}`), password }),
        400,
      );
    }
  });

  it('non-string fields of a signed Box webhook answer 400', async () => {
    const event = {
      type: 'webhook_event',
      id: 'evt-1',
      trigger: 'SIGN_REQUEST.COMPLETED',
      additional_info: { sign_request_id: 'unknown' },
    };
    for (const change of [
      { trigger: 5 },
      { trigger: { $ne: null } },
      { id: { $ne: null } },
      { id: 7 },
      { additional_info: { sign_request_id: { $ne: null } } },
      { additional_info: { sign_request_id: 12 } },
      { additional_info: 'x' },
    ]) {
      const body = JSON.stringify({ ...event, ...change });
      expectClearRefusal(await raw(new HostileClient(), 'POST', '/webhooks/box', body, signedWebhook(body)), 400);
    }
    const good = JSON.stringify(event);
    expect((await raw(new HostileClient(), 'POST', '/webhooks/box', good, signedWebhook(good))).status).toBe(200);
  });
});

/** Broken bodies: what reaches the parser, not what is in a field. */
const BODY_ATTACKS: { name: string; bytes: (valid: string) => string | Uint8Array; headers: Record<string, string> }[] =
  [
    { name: 'a 1 MB JSON body', bytes: () => JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }), headers: JSON_TYPE },
    { name: 'an array nested 20,000 deep', bytes: () => '['.repeat(20_000) + ']'.repeat(20_000), headers: JSON_TYPE },
    {
      name: 'an object nested 15,000 deep',
      bytes: () => '{"a":'.repeat(15_000) + '1' + '}'.repeat(15_000),
      headers: JSON_TYPE,
    },
    { name: 'a text/plain body', bytes: (v) => v, headers: { 'content-type': 'text/plain' } },
    {
      name: 'a form-urlencoded body',
      bytes: () => 'a=1&b[c][d]=2&owners[0][firstName]=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    {
      name: 'a multipart body on a JSON endpoint',
      bytes: () => '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    },
    { name: 'an XML body', bytes: () => '<a>1</a>', headers: { 'content-type': 'application/xml' } },
    { name: 'a body without a content type', bytes: (v) => new TextEncoder().encode(v), headers: {} },
    { name: 'a UTF-16 JSON body', bytes: (v) => v, headers: { 'content-type': 'application/json; charset=utf-16' } },
    { name: 'invalid JSON', bytes: () => '{"a":', headers: JSON_TYPE },
    { name: 'JSON with a trailing comma', bytes: () => '{"a":1,}', headers: JSON_TYPE },
    { name: 'a JSON null', bytes: () => 'null', headers: JSON_TYPE },
    { name: 'a JSON string', bytes: () => '"x"', headers: JSON_TYPE },
    { name: 'a JSON number', bytes: () => '5', headers: JSON_TYPE },
    { name: 'a top-level array', bytes: (v) => `[${v}]`, headers: JSON_TYPE },
    { name: 'an empty JSON body', bytes: () => '', headers: JSON_TYPE },
    { name: 'a __proto__ key', bytes: () => '{"__proto__":{"isAdmin":true}}', headers: JSON_TYPE },
    {
      name: 'gzip that is not gzip',
      bytes: (v) => v,
      headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
    },
    { name: 'an unknown content encoding', bytes: (v) => v, headers: { ...JSON_TYPE, 'content-encoding': 'br2' } },
    {
      name: 'invalid UTF-8',
      bytes: () => new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
      headers: JSON_TYPE,
    },
  ];

describe('the malformed-body matrix', () => {
  it('answers no 500 to any broken body on any mutating endpoint, and refuses each', async () => {
    crashes.length = 0;
    const passed: string[] = [];
    for (const target of TARGETS) {
      const valid = JSON.stringify(target.body?.(ctx) ?? {});
      for (const a of BODY_ATTACKS) {
        // The upload endpoint takes multipart by design; every other attack applies to it.
        if (target.multipart && a.name.includes('multipart')) continue;
        const client = target.anonymous ? new HostileClient() : applicant.client;
        const answer = await raw(client, target.method, target.path(ctx), a.bytes(valid), a.headers);
        if (answer.status >= 500) crashes.push(`${target.name}: ${a.name} -> ${answer.status}`);
        // An empty body is what an endpoint without a body expects; everything else is refused.
        else if (answer.status < 400 && a.name !== 'an empty JSON body')
          passed.push(`${target.name}: ${a.name} -> ${answer.status}`);
      }
    }
    expect(crashes).toEqual([]);
    expect(passed).toEqual([]);
  });

  it('answers no 500 to a wrong type in any field, and accepts none of them', async () => {
    crashes.length = 0;
    const accepted: string[] = [];
    for (const target of TARGETS) {
      if (!target.body || !target.fields) continue;
      for (const [field, kind] of Object.entries(target.fields)) {
        for (const wrong of WRONG_VALUES) {
          const body = withField(target.body(ctx), field, wrong.value);
          const answer = await fieldAttack(target, `${field} = ${wrong.name}`, JSON.stringify(body));
          if (answer.status < 300 && !wrong.validFor?.includes(kind)) {
            tally.invalidAccepted++;
            accepted.push(`${target.name}: ${field} = ${wrong.name}`);
          }
        }
      }
    }
    expect(crashes).toEqual([]);
    expect(accepted).toEqual([]);
  });

  it('counted no 500 in this file', () => {
    expect(tally.serverErrors).toBe(0);
    expect(tally.invalidAccepted).toBe(0);
  });
});
