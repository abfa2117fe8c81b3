import { ACCOUNT_MESSAGES, APPLICATION_MESSAGES, FILE_MESSAGES, JOURNEY_ERRORS, MESSAGES } from '@portal/libs';

/**
 * The messages the libs rules and the api answer, in English word for word (the spec's text). They reach
 * the web as text, from the forms' own rules and from the server alike, so they are translated where they
 * are shown: the text is looked up in these tables to find its key (`messages.<table>.<name>`). The
 * English catalogue takes its values from these tables, so the spec's words cannot drift; a message with
 * numbers in it (`Must be 40 characters or less`) is matched by its template and its numbers carried over.
 */
const journey = Object.fromEntries(Object.entries(JOURNEY_ERRORS).map(([k, v]) => [k, v.message])) as {
  [K in keyof typeof JOURNEY_ERRORS]: (typeof JOURNEY_ERRORS)[K]['message'];
};

export const MESSAGE_TABLES = {
  common: MESSAGES,
  application: APPLICATION_MESSAGES,
  account: ACCOUNT_MESSAGES,
  file: FILE_MESSAGES,
  journey,
} as const;

type Tables = typeof MESSAGE_TABLES;
export type MessageCatalogue = { [T in keyof Tables]: { [K in keyof Tables[T]]: string } };

/** The argument names a templated message takes in the catalogue: {{a}}, then {{b}}. */
const ARGS = ['a', 'b'] as const;

/** The English catalogue's `messages`: each libs text as it is, a function as its template. */
export function englishMessages(): MessageCatalogue {
  return Object.fromEntries(
    Object.entries(MESSAGE_TABLES).map(([table, entries]) => [
      table,
      Object.fromEntries(
        Object.entries(entries).map(([name, value]) => [
          name,
          typeof value === 'function'
            ? (value as (...args: string[]) => string)(...ARGS.slice(0, value.length).map((a) => `{{${a}}}`))
            : value,
        ]),
      ),
    ]),
  ) as MessageCatalogue;
}

export type MessageMatch = { key: string; values: Record<string, string> };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exact = new Map<string, string>();
const templates: { key: string; pattern: RegExp; names: string[] }[] = [];
for (const [table, entries] of Object.entries(englishMessages()))
  for (const [name, text] of Object.entries(entries as Record<string, string>)) {
    const key = `messages.${table}.${name}`;
    const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
    if (!names.length) {
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    const source = text
      .split(/\{\{\w+\}\}/)
      .map(escape)
      .join('(.+?)');
    templates.push({ key, names, pattern: new RegExp(`^${source}$`) });
  }

/** The catalogue key of a libs or api message, with the numbers of a templated one; else undefined. */
export function matchMessage(text: string): MessageMatch | undefined {
  const key = exact.get(text);
  if (key) return { key, values: {} };
  for (const t of templates) {
    const m = t.pattern.exec(text);
    if (m) return { key: t.key, values: Object.fromEntries(t.names.map((n, i) => [n, m[i + 1]!])) };
  }
  return undefined;
}
