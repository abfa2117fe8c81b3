// The stand-in's sObject Collections create with files, as 'Insert or Update Blob Data' documents it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmStandin } from '../index';
import { standinWithSession } from './session.spec-setup';

let crm: CrmStandin;
let token = '';

beforeAll(async () => {
  ({ crm, token } = await standinWithSession());
});
afterAll(() => crm.close());

type Part = { name: string; body: string | Buffer; filename?: string };

/** A multipart body of these parts, in this order. */
async function post(parts: Part[]) {
  const b = 'collection-spec';
  const body = Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n\r\n`,
      ),
      Buffer.from(p.body),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${b}--\r\n`),
  ]);
  const res = await fetch(`${crm.url}/services/data/v59.0/composite/sobjects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${b}` },
    body,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const version = (part: string, path: string, extra: Record<string, unknown> = {}) => ({
  attributes: { type: 'ContentVersion', binaryPartName: part, binaryPartNameAlias: 'VersionData' },
  Title: path,
  PathOnClient: path,
  ...extra,
});
const collection = (records: unknown[], allOrNone = false) => ({
  name: 'collection',
  body: JSON.stringify({ allOrNone, records }),
});
const stored = (path: string) => crm.records('ContentVersion').find((v) => v.PathOnClient === path);

describe('sObject Collections with files', () => {
  it('creates each record with its own file in one API call, answering each on its own', async () => {
    const before = crm.calls().apiCalls;
    const { status, body } = await post([
      collection([
        version('one', 'c/one.pdf'),
        version('two', 'c/two.pdf', { Description: 'x'.repeat(1001) }),
        version('three', 'c/three.pdf'),
      ]),
      { name: 'one', filename: 'one.pdf', body: Buffer.alloc(10, 1) },
      { name: 'two', filename: 'two.pdf', body: Buffer.alloc(20, 2) },
      { name: 'three', filename: 'three.pdf', body: Buffer.alloc(30, 3) },
    ]);
    expect(crm.calls().apiCalls - before).toBe(1);
    expect(status).toBe(200);
    expect(body).toMatchObject([
      { id: expect.stringMatching(/^068/), success: true, errors: [] },
      { success: false, errors: [{ statusCode: 'STRING_TOO_LONG', fields: ['Description'] }] },
      { id: expect.stringMatching(/^068/), success: true, errors: [] },
    ]);
    expect(stored('c/one.pdf')).toMatchObject({ ContentSize: 10 });
    expect(stored('c/two.pdf')).toBeUndefined();
    expect(stored('c/three.pdf')).toMatchObject({ ContentSize: 30 });
  });

  it('all or none: one refused record rolls the others back', async () => {
    const { body } = await post([
      collection([version('a', 'r/a.pdf'), version('b', 'r/b.pdf', { PathOnClient: null })], true),
      { name: 'a', filename: 'a.pdf', body: 'A' },
      { name: 'b', filename: 'b.pdf', body: 'B' },
    ]);
    expect(body).toMatchObject([
      { success: false, errors: [{ statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK' }] },
      { success: false, errors: [{ statusCode: 'REQUIRED_FIELD_MISSING' }] },
    ]);
    expect(stored('r/a.pdf')).toBeUndefined();
  });

  it('refuses a record whose file part is missing, the JSON part anywhere but first, and more than 200 records', async () => {
    const { body } = await post([collection([version('missing', 'm/x.pdf')])]);
    expect(body).toMatchObject([{ success: false, errors: [{ statusCode: 'INVALID_MULTIPART_REQUEST' }] }]);
    const fileFirst = await post([{ name: 'f', filename: 'f.pdf', body: 'F' }, collection([version('f', 'm/f.pdf')])]);
    expect(fileFirst).toMatchObject({ status: 400, body: [{ errorCode: 'INVALID_MULTIPART_REQUEST' }] });
    const many = await post([collection(Array.from({ length: 201 }, (_, i) => version('f', `m/${i}.pdf`)))]);
    expect(many.status).toBe(400);
  });
});
