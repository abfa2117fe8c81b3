import { MESSAGE_TABLES, messageText, parseCode, type MessageCode } from '@portal/libs';

/**
 * The messages of the libs rules and the api, by code (libs/src/validation/codes.ts): a rule answers
 * `common.maxLength:40`, the api answers data.messageCode beside its English. The catalogue holds them
 * under `messages.<table>.<name>`; the English catalogue takes its values from the libs tables, so the
 * spec's words cannot drift. A code is translated by its key, never by its text.
 */
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

/** A code's catalogue key and values, and its English (what a catalogue without the key shows). */
export type MessageKey = { key?: string; values: Record<string, string>; english: string };

/**
 * The catalogue key of a code with its arguments as {{a}}, {{b}}; a code of the api's own table has no
 * key (it is shown in English, as the api words it). Anything that is not a code answers undefined.
 */
export function messageKey(code: MessageCode): MessageKey | undefined {
  const found = parseCode(code);
  if (!found) return undefined;
  const values = Object.fromEntries(found.args.map((arg, i) => [ARGS[i] ?? `arg${i}`, arg]));
  const translated = Object.hasOwn(MESSAGE_TABLES, found.table);
  return { ...(translated ? { key: `messages.${found.key}` } : {}), values, english: messageText(code) };
}
