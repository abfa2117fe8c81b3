// The web's boundaries (eslint.config.mjs, import/no-restricted-paths): lint refuses a feature importing
// another feature and shared code importing a feature, and lets the app's wiring import features.
// Each case is a virtual file handed to ESLint's Node API at a path inside web/src.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// A virtual file is in no tsconfig, so it is read without types: the type-aware rules are off for it.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});

/** The boundary errors lint reports for `code` at `path` (relative to the repo root). */
async function boundaryErrors(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  const fatal = result!.messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(`lint could not read ${path}: ${fatal.map((m) => m.message).join('; ')}`);
  return result!.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

const use = (from: string) => `import * as m from '${from}';\nexport const used = m;\n`;

describe('the web’s lint zones', () => {
  // The first lint loads the config and its plugins and resolvers (seconds on a busy 2-core machine).
  beforeAll(() => eslint.lintText('', { filePath: `${root}web/src/lib/warm.ts` }), 60_000);

  it('refuse a feature importing another feature', async () => {
    const errors = await boundaryErrors('web/src/features/legal/x.ts', use('../journey/use-save'));
    expect(errors).toEqual([expect.stringContaining('A feature never imports another feature')]);
  });

  it('refuse shared code importing a feature', async () => {
    for (const path of ['web/src/lib/x.ts', 'web/src/components/x.ts', 'web/src/i18n/x.ts']) {
      const errors = await boundaryErrors(path, use('../features/journey/use-save'));
      expect(errors, path).toEqual([expect.stringContaining('Shared code never imports a feature')]);
    }
  });

  it('let a feature import its own files and shared code, and the wiring import features', async () => {
    expect(await boundaryErrors('web/src/features/journey/x.ts', use('./use-save'))).toEqual([]);
    expect(await boundaryErrors('web/src/features/legal/x.ts', use('../../lib/session'))).toEqual([]);
    expect(await boundaryErrors('web/src/routes/x.ts', use('../features/journey/use-save'))).toEqual([]);
    expect(await boundaryErrors('web/src/router-x.ts', use('./features/journey/use-save'))).toEqual([]);
  });
});
