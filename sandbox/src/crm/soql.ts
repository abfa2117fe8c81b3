import type { SObject } from './store';

export type Query = { fields: string[]; type: string; where: [string, unknown][]; limit?: number };

export class SoqlError extends Error {}

const LITERAL = /^\s*('(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?|true|false|null)\s*/i;

function literal(raw: string): unknown {
  if (raw.startsWith("'")) return raw.slice(1, -1).replace(/\\(.)/g, '$1');
  if (/^(true|false)$/i.test(raw)) return raw.toLowerCase() === 'true';
  if (/^null$/i.test(raw)) return null;
  return Number(raw);
}

/** The subset the portal sends: SELECT a, b FROM T [WHERE x = lit [AND y = lit]...] [LIMIT n]. */
export function parseSoql(soql: string): Query {
  const m = /^\s*SELECT\s+(.+?)\s+FROM\s+(\w+)(?:\s+WHERE\s+(.+?))?(?:\s+LIMIT\s+(\d+))?\s*$/is.exec(soql);
  if (!m) throw new SoqlError(`unexpected token in query: ${soql}`);
  const fields = m[1]!.split(',').map((f) => f.trim());
  if (fields.some((f) => !/^\w+(\.\w+)?$/.test(f))) throw new SoqlError('malformed SELECT list');
  const where: [string, unknown][] = [];
  let rest = m[3] ?? '';
  while (rest.trim()) {
    const cond = /^\s*(\w+)\s*=\s*/.exec(rest);
    if (!cond) throw new SoqlError(`malformed WHERE near: ${rest}`);
    rest = rest.slice(cond[0].length);
    const lit = LITERAL.exec(rest);
    if (!lit) throw new SoqlError(`malformed literal near: ${rest}`);
    where.push([cond[1]!, literal(lit[1]!)]);
    rest = rest.slice(lit[0].length);
    const and = /^AND\s+/i.exec(rest);
    if (and) rest = rest.slice(and[0].length);
    else if (rest.trim()) throw new SoqlError(`only AND is supported, near: ${rest}`);
  }
  return { fields, type: m[2]!, where, limit: m[4] ? Number(m[4]) : undefined };
}

const matches = (r: SObject, [field, value]: [string, unknown]) =>
  field === 'Id' && typeof value === 'string'
    ? r.Id === value || r.Id.slice(0, 15) === value
    : (r[field] ?? null) === value;

/**
 * The records a query selects, in order, up to its LIMIT (the scan stops there), among those `keep` admits.
 * One pass, where a filter of the whole type, then the query run twice (rows, then ids) copied
 * each type's records three times per query as a run's records piled up.
 */
export function selectRecords(q: Query, records: SObject[], keep: (r: SObject) => boolean = () => true): SObject[] {
  const out: SObject[] = [];
  for (const r of records) {
    if (q.limit !== undefined && out.length >= q.limit) break;
    if (keep(r) && q.where.every((c) => matches(r, c))) out.push(r);
  }
  return out;
}

/** A selected record as the query's fields (a field the record lacks is null). */
export const projectRecord = (q: Query, r: SObject): SObject =>
  Object.fromEntries(q.fields.map((f) => [f, r[f] ?? null])) as SObject;
