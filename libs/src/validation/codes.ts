/**
 * Message codes: every message the rules and the api answer is named by a code, `<table>.<name>`, a key
 * into one of the tables below (`common.required`, `application.businessNameRequired`,
 * `journey.NO_FURTHER_STAGE`). A templated message carries its arguments after a colon, in order:
 * `common.maxLength:40`, `file.missingDocuments:1,4` (the arguments are numbers). A code is one string,
 * so it travels wherever a message did (a rule's answer, a form's field error, an error's message); the
 * web translates it by its key, the api answers its English beside it (`messageText`). Nothing matches
 * the English text.
 */
import { JOURNEY_ERRORS } from '../journey/errors';
import { API_MESSAGES } from './api-messages';
import { APPLICATION_MESSAGES } from './application-messages';
import { ACCOUNT_MESSAGES, BANK_MESSAGES, FILE_MESSAGES, MESSAGES } from './messages';

const JOURNEY_MESSAGES = Object.fromEntries(Object.entries(JOURNEY_ERRORS).map(([k, v]) => [k, v.message])) as {
  [K in keyof typeof JOURNEY_ERRORS]: (typeof JOURNEY_ERRORS)[K]['message'];
};

/** The tables the web's catalogue translates (`messages.<table>.<name>`). */
export const MESSAGE_TABLES = {
  common: MESSAGES,
  application: APPLICATION_MESSAGES,
  account: ACCOUNT_MESSAGES,
  file: FILE_MESSAGES,
  bank: BANK_MESSAGES,
  journey: JOURNEY_MESSAGES,
} as const;

/** Every table with codes: the translated ones and the api's own (shown in English everywhere). */
const ALL_TABLES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  ...MESSAGE_TABLES,
  api: API_MESSAGES,
};

/** A message code, with its arguments if the message has any: `common.maxLength:40`. */
export type MessageCode = string;

type Codes<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => MessageCode : MessageCode;
};

/**
 * A code with its arguments: `withArgs('common.maxLength', [40])` is `common.maxLength:40`. Each argument
 * is URI-encoded, so a text argument (a property name a client sent) cannot break the code apart.
 */
export const withArgs = (code: string, args: readonly (string | number)[]): MessageCode =>
  args.length ? `${code}:${args.map((a) => encodeURIComponent(String(a))).join(',')}` : code;

const decoded = (arg: string): string | undefined => {
  try {
    return decodeURIComponent(arg);
  } catch {
    return undefined;
  }
};

const codesOf = <T extends Readonly<Record<string, unknown>>>(table: string, entries: T): Codes<T> =>
  Object.fromEntries(
    Object.entries(entries).map(([name, value]) => [
      name,
      typeof value === 'function'
        ? (...args: (string | number)[]) => withArgs(`${table}.${name}`, args)
        : `${table}.${name}`,
    ]),
  ) as Codes<T>;

/** The codes of each table, written like the tables: `COMMON_CODES.maxLength(40)`, `APPLICATION_CODES.cityRequired`. */
export const COMMON_CODES = codesOf('common', MESSAGES);
export const APPLICATION_CODES = codesOf('application', APPLICATION_MESSAGES);
export const ACCOUNT_CODES = codesOf('account', ACCOUNT_MESSAGES);
export const FILE_CODES = codesOf('file', FILE_MESSAGES);
export const BANK_CODES = codesOf('bank', BANK_MESSAGES);
export const JOURNEY_CODES = codesOf('journey', JOURNEY_MESSAGES);
export const API_CODES = codesOf('api', API_MESSAGES);

export type ParsedCode = { table: string; name: string; key: string; args: string[] };

const CODE = /^([a-z]+)\.(\w+)(?::([\w.,!~*'()%-]*))?$/;

/** A code's table, name and arguments, when it names a message of the tables; else undefined. */
export function parseCode(code: string | undefined): ParsedCode | undefined {
  const m = CODE.exec(code ?? '');
  if (!m) return undefined;
  const [, table, name, args] = m as unknown as [string, string, string, string | undefined];
  const entries = Object.hasOwn(ALL_TABLES, table) ? ALL_TABLES[table] : undefined;
  if (!entries || !Object.hasOwn(entries, name)) return undefined;
  const values = args ? args.split(',').map(decoded) : [];
  if (values.some((v) => v === undefined)) return undefined;
  return { table, name, key: `${table}.${name}`, args: values as string[] };
}

export const isMessageCode = (v: unknown): v is MessageCode => typeof v === 'string' && parseCode(v) !== undefined;

/** The English of a code, word for word as the specification has it; anything else is returned as it is. */
export function messageText(code: string): string {
  const found = parseCode(code);
  if (!found) return code;
  const value = ALL_TABLES[found.table]![found.name];
  return typeof value === 'function' ? String((value as (...a: unknown[]) => unknown)(...found.args)) : String(value);
}
