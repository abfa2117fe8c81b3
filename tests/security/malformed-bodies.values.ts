// What the malformed-body matrix sends: values of the wrong type for a field, and broken bodies
// (malformed-bodies.spec.ts sends them to every target of malformed-bodies.targets.ts, whose shape is here).

export const JSON_TYPE = { 'content-type': 'application/json' };
export const nest = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** What a field is meant to hold: a wrong type for it is an invalid value, counted when accepted. */
export type FieldKind = 'text' | 'number' | 'bool' | 'list' | 'object';
export type Kind = { name: string; value: unknown; validFor?: FieldKind[] };

/** What a target's path and body are made from: the spec's signed-in applicant's records. */
export type Ctx = { applicationId: string; businessId: string; ownerSetId: string; offerId: string; userId: string };
export type Target = {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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

/** Fields that hold text. */
export const text = (...names: string[]): Record<string, FieldKind> =>
  Object.fromEntries(names.map((n) => [n, 'text']));

/** Values of the wrong type (or shape) for a field. null and in-kind values may be valid for some fields. */
export const WRONG_VALUES: Kind[] = [
  { name: 'an empty object', value: {}, validFor: ['object'] },
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

/** The body with one (possibly nested, dotted) field replaced. */
export function withField(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
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

/** Broken bodies: what reaches the parser, not what is in a field. */
export const BODY_ATTACKS: {
  name: string;
  bytes: (valid: string) => string | Uint8Array;
  headers: Record<string, string>;
}[] = [
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
