import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JOURNEY_STAGES, MESSAGE_TABLES, STATEMENT_ADVICE, STRENGTH_LABELS } from '@portal/libs';
import { en } from './en';
import { enFirst } from './en-first';
import { esUS } from './es-us';
import { frCA } from './fr-ca';
import { LANGUAGES, type Language } from './i18n';
import { OPTION_LISTS, optionKey } from './options';

type Tree = { [k: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
};
const EN = leaves(en as unknown as Tree);
/** Every translation, by language: a language of LANGUAGES without one here fails below. */
const TRANSLATIONS: Record<Exclude<Language, 'en'>, Map<string, string>> = {
  'fr-CA': leaves(frCA as unknown as Tree),
  'es-US': leaves(esUS as unknown as Tree),
};
/** A catalogue's files: en.ts, en-first.ts, and each language's `<tag>.ts` and `<tag>/` (fr-ca.ts, es-us/). */
const CATALOGUE_FILE = new RegExp(
  `i18n[/\\\\](en-first|${LANGUAGES.map((l) => l.toLowerCase()).join('|')})(\\.ts$|[/\\\\])`,
);

/** Keys whose last part is chosen at run time, each checked against the table it comes from. */
const DYNAMIC: Record<string, string[]> = {
  messages: Object.entries(MESSAGE_TABLES).flatMap(([t, entries]) => Object.keys(entries).map((n) => `${t}.${n}`)),
  options: Object.entries(OPTION_LISTS).flatMap(([list, values]) =>
    (values as readonly string[]).map((v) => `${list}.${optionKey(v)}`),
  ),
  'progress.stages': JOURNEY_STAGES.map((s) => s.name),
  'form.strength': [...STRENGTH_LABELS],
  'documents.advice': [...STATEMENT_ADVICE],
};

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !CATALOGUE_FILE.test(path) ? [path] : [];
  });
const code = sources(SRC)
  .map((p) => readFileSync(p, 'utf8'))
  .join('\n');

const variables = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[0]).sort();
const base = (key: string) => key.replace(/_(one|other|many)$/, '');

describe('the languages', () => {
  it('each have a catalogue: English, and a translation for every other', () => {
    expect(LANGUAGES[0]).toBe('en');
    expect(Object.keys(TRANSLATIONS).sort()).toEqual(LANGUAGES.filter((l) => l !== 'en').sort());
  });
});

describe.each(Object.entries(TRANSLATIONS))('the %s catalogue', (lng, words) => {
  it('has every English key, and no other', () => {
    expect([...words.keys()].filter((k) => !EN.has(k))).toEqual([]);
    expect([...EN.keys()].filter((k) => !words.has(k))).toEqual([]);
  });

  it('has no empty text, and the same {{values}} and <tags> as the English', () => {
    for (const [key, text] of words) {
      expect(text.trim(), key).not.toBe('');
      expect(variables(text), key).toEqual(variables(EN.get(key)!));
    }
  });

  it('is written in its language: most of its texts differ from the English', () => {
    // Names of states and the like stay as they are; whole sentences must not.
    const sentences = [...words].filter(([key]) => EN.get(key)!.split(' ').length > 4);
    const same = sentences.filter(([key, text]) => text === EN.get(key));
    expect(
      same.map(([key]) => key),
      lng,
    ).toEqual([]);
  });
});

describe('the catalogues', () => {
  it('have exactly the keys of their run-time tables (messages, pick-lists, stages, strength, advice)', () => {
    for (const [prefix, names] of Object.entries(DYNAMIC)) {
      const inCatalogue = [...EN.keys()]
        .filter((k) => k.startsWith(`${prefix}.`))
        .map((k) => k.slice(prefix.length + 1));
      expect(inCatalogue.sort(), prefix).toEqual([...new Set(names)].sort());
    }
  });

  it('have no key the code does not use', () => {
    const unused = [...EN.keys()]
      .filter((k) => !Object.keys(DYNAMIC).some((p) => k.startsWith(`${p}.`)))
      .filter((k) => !code.includes(`'${base(k)}'`) && !code.includes(`"${base(k)}"`));
    expect(unused).toEqual([]);
  });

  it('cover every key the code names', () => {
    const named = [...code.matchAll(/\bt\(\s*'([\w.]+)'|i18nKey="([\w.]+)"/g)].map((m) => m[1] ?? m[2]!);
    const known = new Set([...EN.keys()].map(base));
    expect(named.filter((k) => !known.has(k))).toEqual([]);
  });

  it('keep the spec’s English word for word', () => {
    expect(en.messages.common.emailRequiredReset).toBe('Email is requiured');
    expect(en.messages.file.missingDocuments).toBe(
      'It looks like you only uploaded {{a}} of the required {{b}} bank statements, are you sure you want to proceed?',
    );
    expect(en.signUp.title).toBe('Apply for a Business Loan');
  });
});

/** The files a module imports statically (not `import type`, not `import()`), transitively. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(
    /^(?:import|export)(?!\s+type\b)[^;]*?from\s+'(\.{1,2}\/[^']+)'|^import\s+'(\.{1,2}\/[^']+)'/gm,
  )) {
    const base = resolve(dirname(file), m[1] ?? m[2]!);
    const found = ['.ts', '.tsx', '/index.ts', '/index.tsx', '']
      .map((ext) => base + ext)
      .find((f) => {
        try {
          return statSync(f).isFile();
        } catch {
          return false;
        }
      });
    if (found && /\.tsx?$/.test(found)) staticClosure(found, seen);
  }
  return seen;
}

describe('the first visit’s words (en-first.ts)', () => {
  it('hold every key the code of the shell and /sign-up names, so they show before the rest loads', () => {
    const first = new Set([...leaves(enFirst as unknown as Tree).keys()].map(base));
    const files = new Set([
      ...staticClosure(join(SRC, 'main.tsx')),
      ...staticClosure(join(SRC, 'features/account/sign-up-page.tsx')),
    ]);
    expect(files.has(join(SRC, 'routes/shell.tsx'))).toBe(true);
    const groups = Object.keys(en).join('|');
    const named = [...files]
      .filter((f) => !CATALOGUE_FILE.test(f))
      .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(new RegExp(`['"\`]((?:${groups})\\.[\\w.]+)`, 'g'))])
      .map((m) => m[1]!);
    // Strings that are keys, or the prefix of a dynamic key (`progress.stages.${name}`), not the
    // machines' event names ('code.submit').
    const all = [...EN.keys()].map(base);
    const keys = named.filter((k) => (k.endsWith('.') ? all.some((a) => a.startsWith(k)) : all.includes(k)));
    expect(keys.length).toBeGreaterThan(20);
    const missing = keys.filter((k) => (k.endsWith('.') ? ![...first].some((f) => f.startsWith(k)) : !first.has(k)));
    expect(missing).toEqual([]);
  });

  it('leave every translation out: each is a chunk of its own, loaded when its language is chosen', () => {
    const first = [
      ...staticClosure(join(SRC, 'main.tsx')),
      ...staticClosure(join(SRC, 'features/account/sign-up-page.tsx')),
    ];
    const translations = LANGUAGES.filter((l) => l !== 'en').map((l) => l.toLowerCase());
    const translation = new RegExp(`i18n[/\\\\](${translations.join('|')})(\\.ts$|[/\\\\])`);
    expect(first.filter((f) => translation.test(f))).toEqual([]);
    expect(translation.test(join(SRC, 'i18n/es-us/messages.ts'))).toBe(true);
  });

  it('are the English catalogue’s, word for word', () => {
    for (const [key, text] of leaves(enFirst as unknown as Tree)) expect(EN.get(key), key).toBe(text);
  });
});
