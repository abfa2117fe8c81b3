import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  test: {
    name: 'integration',
    environment: 'node',
    include: ['api/src/**/*.spec.ts', 'worker/src/**/*.spec.ts', 'workflows/test/**/*.spec.ts'],
    globalSetup: ['test-support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
