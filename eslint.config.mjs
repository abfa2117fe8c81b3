// One lint set-up for the whole repo. Dependency direction (docs/engineering.md) is enforced here:
// web -> libs; api -> workflows -> libs; worker -> workflows -> libs; nothing imports api, worker or web.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web's features, one folder each under web/src/features: read from the tree, so a new one is held too.
const WEB_FEATURES = readdirSync(new URL('./web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const noImport = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

// The api's folders that are not features: shared code every feature may import, which imports no feature.
// Every other folder under api/src is a feature (a new one is covered without being listed here).
const API_SHARED = ['common', 'config', 'session', 'temporal'];
const apiFeatures = (...alsoNot) => `./api/src/!(${[...API_SHARED, ...alsoNot].join('|')})/**/*`;

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tools/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // eslint-plugin-import-x, registered as `import`: boundaries inside packages (import/no-restricted-paths
    // zones below) and import circles (import/no-cycle). The node resolver knows the TypeScript extensions.
    plugins: { import: importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] })],
      // Which files import/no-cycle reads (parsing TypeScript with typescript-eslint's parser) to follow their imports.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['libs/src/**'],
    rules: noImport(
      ['node:*', '@portal/*', '@nestjs/*', '@temporalio/*', 'react'],
      'libs/ is pure TypeScript: no I/O, no frameworks.',
    ),
  },
  {
    // The PII cipher is shared by the api (encrypts) and the worker (decrypts for the signed PDF):
    // node:crypto is computation, not I/O, and this file is reached by path, never from the web's index.
    files: ['libs/src/security/**'],
    rules: noImport(['@portal/*', '@nestjs/*', '@temporalio/*', 'react'], 'libs/ has no frameworks.'),
  },
  {
    files: ['workflows/src/application/**'],
    rules: noImport(
      ['node:*', '@portal/api*', '@portal/worker*', '@portal/web*', 'mongodb', 'jsforce'],
      'Workflow code is deterministic: @temporalio/workflow and libs only.',
    ),
  },
  {
    // The workflow sandbox evaluates a run's modules for every run and replay: values from libs come by
    // @portal/libs/dist/workflow, not the index, which brings all of libs (libs/src/workflow.ts).
    files: ['workflows/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@portal/libs',
              allowTypeImports: true,
              message: "Workflow code takes libs' values from @portal/libs/dist/workflow (libs/src/workflow.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // A test waits only through tests/support/until.ts: `until` polls for what must come (and fails naming it),
    // `holdFor` holds a named window in which something must not happen (or a latency, an outage's length, a
    // cadence). A raw setTimeout says neither, so it is refused in tests; the helpers themselves (until.ts) and
    // the stand-ins' and launchers' own timers are not tests and are not held to it.
    files: [
      '**/*.spec.ts',
      '**/*.spec-setup.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      'tests/{e2e,security,resilience,load}/**/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.name='setTimeout']",
          "CallExpression[callee.object.name=/^(globalThis|global|window)$/][callee.property.name='setTimeout']",
          'ImportDeclaration[source.value=/^(node:)?timers\\u002Fpromises$/]',
        ].map((selector) => ({
          selector,
          message:
            'No raw setTimeout wait in a test: poll for what must happen with until(), or hold a named window with ' +
            'holdFor(ms, why), both in tests/support/until.ts.',
        })),
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its failure (an unhandled rejection, a test that passes
    // before its assertion runs). Every TypeScript file is read with its types: the web's own tsconfig, and
    // tsconfig.eslint.json for everything else (the packages with their specs, tests/, stack/).
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    ignores: ['tests/bench/bare-page/**'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.eslint.json', './web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // Sizes a reader can hold: a module over 300 lines does several jobs (the pick-list and message catalogues
    // are tables, not logic, and are exempt); a page component over 250 lines hides its parts.
    files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.mjs'],
    ignores: ['libs/src/domain/industries.ts', 'web/src/i18n/en.ts', 'web/src/i18n/fr-ca.ts', 'web/src/i18n/fr-ca/**'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['web/src/features/**/*-page.tsx'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The workflow's rooms and the api's services stay small enough to read in one screen.
    files: ['workflows/src/**', 'api/src/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The bench's bare React page (Lighthouse's baseline) runs in the browser.
    files: ['tests/bench/bare-page/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...noImport(
        ['@portal/api*', '@portal/worker*', '@portal/workflows*', '**/api/src/**', '**/worker/src/**'],
        'web depends on libs only.',
      ),
      // Boundaries inside the web: a feature never imports another feature, and shared code (lib,
      // components, i18n) never imports a feature. Only the app's wiring (routes/, router.tsx, app.tsx,
      // main.tsx, prerender.tsx) puts features together; what two features share lives in shared code.
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `web/src/features/${feature}`,
              from: 'web/src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature: move what they share to web/src/lib or components.',
            })),
            {
              target: ['web/src/lib', 'web/src/components', 'web/src/i18n'],
              from: 'web/src/features',
              message: 'Shared code never imports a feature: pass it in from the route (web/src/routes, router.tsx).',
            },
          ],
        },
      ],
    },
  },
  {
    // Nest resolves constructor parameters from emitted decorator metadata: those imports must stay values.
    files: ['api/src/**'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Boundaries inside the api. The account layer (auth/) creates records through the features, so a
    // feature guards its routes with session/ (guard, tokens, cookies) and never imports auth/; the shared
    // folders (session/, common/, config/, temporal/) import no feature.
    files: ['api/src/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              // privacy/ (the owner's data: its archive, the account's deletion) sits above the features with
              // auth/, whose password check it asks again.
              target: apiFeatures('auth', 'privacy'),
              from: './api/src/auth',
              message: 'A feature imports the session guard from api/src/session, never the account layer (auth/).',
            },
            ...API_SHARED.map((shared) => ({
              target: `./api/src/${shared}`,
              from: apiFeatures(),
              message: `api/src/${shared} is shared by the features and imports none of them.`,
            })),
          ],
        },
      ],
    },
  },
  {
    // No import circles, in every package (web included: the whole `eslint .` costs about a fifth more CPU
    // with it, 12 s to 14.5 s). The rule does not count type-only imports (they vanish at run time, and
    // import-x has no option to count them); external packages are not followed.
    files: ['libs/src/**', 'api/src/**', 'worker/src/**', 'workflows/**', 'sandbox/**', 'web/src/**'],
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['api/src/**', 'worker/src/**'],
    ignores: ['**/*.spec.ts'],
    rules: noImport(
      ['@portal/web*', '**/web/src/**', '@portal/api*', '@portal/worker*'],
      'api and worker never import each other or web.',
    ),
  },
);
