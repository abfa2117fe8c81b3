import type { SObject } from './store';

/** A WHERE condition: `field = literal`, or `field IN (literal, ...)` (any of the values). */
export type Condition = [field: string, values: unknown[]];

export type Query = { fields: string[]; type: string; where: Condition[]; limit?: number };

export class SoqlError extends Error {}

const LITERAL = /^\s*('(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?|true|false|null)\s*/i;

function literal(raw: string): unknown {
  if (raw.startsWith("'")) return raw.slice(1, -1).replace(/\\(.)/g, '$1');
  if (/^(true|false)$/i.test(raw)) return raw.toLowerCase() === 'true';
  if (/^null$/i.test(raw)) return null;
  return Number(raw);
}

/** `lit, lit, ...)` after an IN's parenthesis: the literals, and what follows the list. */
function literalList(rest: string): { values: unknown[]; rest: string } {
  const values: unknown[] = [];
  for (;;) {
    const lit = LITERAL.exec(rest);
    if (!lit) throw new SoqlError(`malformed literal near: ${rest}`);
    values.push(literal(lit[1]!));
    rest = rest.slice(lit[0].length);
    const next = /^([,)])\s*/.exec(rest);
    if (!next) throw new SoqlError(`unexpected token near: ${rest}`);
    rest = rest.slice(next[0].length);
    if (next[1] === ')') return { values, rest };
  }
}

/**
 * The subset the portal sends: SELECT a, b, Parent.c FROM T [WHERE x = lit [AND y IN (lit, lit)]...] [LIMIT n].
 */
export function parseSoql(soql: string): Query {
  const m = /^\s*SELECT\s+(.+?)\s+FROM\s+(\w+)(?:\s+WHERE\s+(.+?))?(?:\s+LIMIT\s+(\d+))?\s*$/is.exec(soql);
  if (!m) throw new SoqlError(`unexpected token in query: ${soql}`);
  const fields = m[1]!.split(',').map((f) => f.trim());
  if (fields.some((f) => !/^\w+(\.\w+)?$/.test(f))) throw new SoqlError('malformed SELECT list');
  const where: Condition[] = [];
  let rest = m[3] ?? '';
  while (rest.trim()) {
    const cond = /^\s*(\w+)\s*(=|IN\s*\()\s*/i.exec(rest);
    if (!cond) throw new SoqlError(`malformed WHERE near: ${rest}`);
    rest = rest.slice(cond[0].length);
    if (cond[2] !== '=') {
      const list = literalList(rest);
      where.push([cond[1]!, list.values]);
      rest = list.rest;
    } else {
      const lit = LITERAL.exec(rest);
      if (!lit) throw new SoqlError(`malformed literal near: ${rest}`);
      where.push([cond[1]!, [literal(lit[1]!)]]);
      rest = rest.slice(lit[0].length);
    }
    const and = /^AND\s+/i.exec(rest);
    if (and) rest = rest.slice(and[0].length);
    else if (rest.trim()) throw new SoqlError(`only AND is supported, near: ${rest}`);
  }
  return { fields, type: m[2]!, where, limit: m[4] ? Number(m[4]) : undefined };
}

const matches = (r: SObject, [field, values]: Condition) =>
  values.some((value) =>
    field === 'Id' && typeof value === 'string'
      ? r.Id === value || r.Id.slice(0, 15) === value
      : (r[field] ?? null) === value,
  );

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

/**
 * A selected record as the query's fields (a field the record lacks is null). A parent's field
 * (`Owner.Name`) comes as Salesforce nests it: the parent under the relationship's name with its
 * attributes, or null when the record has no parent; `parent` finds the record an id names.
 */
export function projectRecord(
  q: Query,
  r: SObject,
  parent: (id: unknown) => { type: string; record: SObject } | undefined,
): SObject {
  const out: Record<string, unknown> = {};
  const parents = new Map<string, SObject | undefined>();
  for (const f of q.fields) {
    const [rel, field] = f.split('.') as [string, string | undefined];
    if (!field) {
      out[f] = r[f] ?? null;
      continue;
    }
    if (!parents.has(rel)) {
      const found = parent(r[`${rel}Id`]);
      parents.set(rel, found?.record);
      out[rel] = found ? { attributes: { type: found.type, url: sobjectUrl(found.type, found.record.Id) } } : null;
    }
    const nested = out[rel] as Record<string, unknown> | null;
    if (nested) nested[field] = parents.get(rel)![field] ?? null;
  }
  return out as SObject;
}

export const sobjectUrl = (type: string, id: string) => `/services/data/v59.0/sobjects/${type}/${id}`;
