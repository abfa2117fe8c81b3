import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// Projects: pure unit tests (libs, stand-ins, the stack launcher's supervisor), the web app (jsdom), and
// integration tests that run against a real Temporal dev server and FerretDB started by globalSetup.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['libs/src/**/*.spec.ts', 'sandbox/src/**/*.spec.ts', 'stack/**/*.spec.ts'],
          // A hang guard, not a goal: a stand-in's test waits on its own timers and child processes, which
          // took past Vitest's 5 s on a slow machine running the rest of the suite beside it.
          testTimeout: 30_000,
        },
      },
      'web/vite.config.ts',
      {
        plugins: [swc.vite({ module: { type: 'es6' } })],
        test: {
          name: 'integration',
          environment: 'node',
          include: [
            'api/src/**/*.spec.ts',
            'worker/src/**/*.spec.ts',
            'workflows/test/**/*.spec.ts',
            'tools/migrate/**/*.spec.ts',
          ],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        plugins: [swc.vite({ module: { type: 'es6' } })],
        test: {
          // `npm run test:security`: the outside attack run replayed against the api as npm start runs it.
          name: 'security',
          environment: 'node',
          include: ['tests/security/**/*.spec.ts'],
          globalSetup: ['tests/security/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        plugins: [swc.vite({ module: { type: 'es6' } })],
        test: {
          // `npm run test:resilience`: faults injected between the worker and every external service, and
          // processes killed mid-journey (RESILIENCE_FULL=1 for the long delays, the outage and the load run).
          name: 'resilience',
          environment: 'node',
          include: ['tests/resilience/**/*.spec.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: process.env.RESILIENCE_FULL === '1' ? 3_600_000 : 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        plugins: [swc.vite({ module: { type: 'es6' } })],
        test: {
          // `npm run load` (stack/load.ts): the load run with faults on two api and two
          // worker replicas. Its length comes from LOAD_DURATION_S; the test's bound is that plus the settling.
          name: 'load',
          environment: 'node',
          include: ['tests/load/**/*.spec.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 7_200_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
