/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The web app and /api on one origin: Vite proxies /api to the api in development and preview.
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';
const port = Number(process.env.WEB_PORT ?? 8080);
const server = { host: '127.0.0.1', port, strictPort: true, proxy: { '/api': { target: api, xfwd: true } } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias: { '@portal/libs': fileURLToPath(new URL('../libs/src/index.ts', import.meta.url)) } },
  server,
  preview: server,
  // manifest: the size budget (web/.size-limit.mjs) reads which chunks each route loads. Source maps are
  // built for error tracking but not referenced by the bundles, and the production image leaves them out.
  build: { outDir: 'dist', sourcemap: 'hidden', manifest: true },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
