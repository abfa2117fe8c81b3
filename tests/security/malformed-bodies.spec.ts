// Bad input answered 500 (61 of 768 malformed bodies). Every mutating endpoint gets
// every wrong type in every field, and every kind of broken body; not one answer may be a 500.
import { beforeAll, describe, expect, it } from 'vitest';
import { applicantFor, type Answer } from '../support/api-client';
import { BODY_ATTACKS, JSON_TYPE, WRONG_VALUES, nest, withField } from './malformed-bodies.values';
import { TARGETS, nextSeq, type Ctx, type Target } from './malformed-bodies.targets';
import { HostileClient, endOfFileChecks, raw, signedInApplicant, tally } from './support';
import { DETAILS, OWNER, signedWebhook } from './valid-bodies';

endOfFileChecks(__filename);

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

describe('the malformed bodies that once answered 500, each replayed', () => {
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
          phoneNumber: '(212) 555-0143',
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
        ...applicantFor(`mal-name-${nextSeq()}`),
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
        await new HostileClient().post('/auth/register', { ...applicantFor(`mal-pw-${nextSeq()}`), password }),
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

describe('the malformed-body matrix', () => {
  it("reaches every method's handler: the draft's valid PUT body is saved and read back", async () => {
    const draft = TARGETS.find((t) => t.method === 'PUT')!;
    const saved = await raw(applicant.client, 'PUT', draft.path(ctx), JSON.stringify(draft.body!(ctx)), JSON_TYPE);
    expect(saved.status).toBe(204);
    expect((await applicant.client.get(draft.path(ctx))).body.fields).toEqual(draft.body!(ctx).fields);
  });

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
