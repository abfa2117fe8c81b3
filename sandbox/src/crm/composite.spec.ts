// The stand-in's Composite resource, as Salesforce documents it ('Send Multiple Requests Using Composite').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmStandin } from '../index';
import { standinWithSession } from './session.spec-setup';

let crm: CrmStandin;
let token = '';
const V = '/services/data/v59.0';

beforeAll(async () => {
  ({ crm, token } = await standinWithSession());
});
afterAll(() => crm.close());

type Answer = {
  compositeResponse: { body: unknown; httpStatusCode: number; referenceId: string; httpHeaders: object }[];
};

async function composite(body: unknown): Promise<{ status: number; answer: Answer }> {
  const res = await fetch(`${crm.url}${V}/composite`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, answer: (await res.json()) as Answer };
}

const newLead = (referenceId: string, fields: Record<string, unknown> = {}) => ({
  method: 'POST',
  url: `${V}/sobjects/Lead`,
  referenceId,
  body: { LastName: 'Composite', Company: 'Many Calls Co', ...fields },
});

describe('the composite resource', () => {
  it('runs its subrequests in order, an answer feeding the next through @{ref.field}, as one API call', async () => {
    const before = crm.calls().apiCalls;
    const { status, answer } = await composite({
      allOrNone: true,
      compositeRequest: [
        newLead('lead', { City: 'Austin' }),
        { method: 'GET', url: `${V}/sobjects/Lead/@{lead.id}?fields=OwnerId,City`, referenceId: 'read' },
        { method: 'GET', url: `${V}/query?q=SELECT+Id+FROM+Lead+WHERE+Id='@{lead.id}'`, referenceId: 'found' },
      ],
    });
    expect(crm.calls().apiCalls - before).toBe(1);
    expect(status).toBe(200);
    const [made, read, found] = answer.compositeResponse;
    const id = (made!.body as { id: string }).id;
    expect(made).toMatchObject({ httpStatusCode: 201, httpHeaders: { Location: `${V}/sobjects/Lead/${id}` } });
    expect(read).toMatchObject({
      httpStatusCode: 200,
      body: { Id: id, City: 'Austin', OwnerId: expect.stringMatching(/^005/) },
    });
    expect(found).toMatchObject({ httpStatusCode: 200, body: { totalSize: 1 } });
  });

  it('all or none: a failed subrequest rolls back the writes before it; the others answer PROCESSING_HALTED', async () => {
    const kept = crm.insert('Lead', { LastName: 'Kept', Company: 'Before Co' });
    const leads = crm.records('Lead').length;
    const { answer } = await composite({
      allOrNone: true,
      compositeRequest: [
        newLead('first'),
        { method: 'PATCH', url: `${V}/sobjects/Lead/${kept}`, referenceId: 'changed', body: { City: 'Dallas' } },
        newLead('refused', { Status: 'Not a status' }),
        { method: 'GET', url: `${V}/sobjects/Lead/@{first.id}`, referenceId: 'after' },
      ],
    });
    expect(answer.compositeResponse.map((r) => [r.referenceId, r.httpStatusCode])).toEqual([
      ['first', 400],
      ['changed', 400],
      ['refused', 400],
      ['after', 400],
    ]);
    expect(answer.compositeResponse[2]!.body).toMatchObject([{ errorCode: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST' }]);
    for (const i of [0, 1, 3])
      expect(answer.compositeResponse[i]!.body).toMatchObject([{ errorCode: 'PROCESSING_HALTED' }]);
    expect(crm.records('Lead')).toHaveLength(leads);
    expect(crm.records('Lead').find((l) => l.Id === kept)).not.toHaveProperty('City');
  });

  it('without all or none, runs what does not depend on a failure and halts what does', async () => {
    const { answer } = await composite({
      compositeRequest: [
        newLead('refused', { LastName: null }),
        { method: 'GET', url: `${V}/sobjects/Lead/@{refused.id}`, referenceId: 'dependent' },
        newLead('independent'),
      ],
    });
    expect(answer.compositeResponse.map((r) => r.httpStatusCode)).toEqual([400, 400, 201]);
    expect(answer.compositeResponse[1]!.body).toMatchObject([
      { errorCode: 'PROCESSING_HALTED', message: expect.stringContaining('Invalid reference specified') },
    ]);
  });

  it('refuses more than 25 subrequests, more than 5 queries, a header the call sets and a repeated referenceId', async () => {
    const get = (i: number) => ({ method: 'GET', url: `${V}/sobjects/Lead/x`, referenceId: `r${i}` });
    const query = (i: number) => ({ method: 'GET', url: `${V}/query?q=SELECT+Id+FROM+Lead`, referenceId: `q${i}` });
    const refusals = [
      Array.from({ length: 26 }, (_, i) => get(i)),
      Array.from({ length: 6 }, (_, i) => query(i)),
      [{ ...get(0), httpHeaders: { Authorization: 'Bearer other' } }],
      [get(0), get(0)],
      [],
    ];
    for (const compositeRequest of refusals) expect((await composite({ compositeRequest })).status).toBe(400);
  });
});
