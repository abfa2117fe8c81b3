/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import pages from './pages.json' with { type: 'json' };

// The web app and /api on one origin: Vite proxies /api to the api in development and preview.
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';
const port = Number(process.env.WEB_PORT ?? 8080);
const server = { host: '127.0.0.1', port, strictPort: true, proxy: { '/api': { target: api, xfwd: true } } };

/**
 * Every page's file by its route (router.tsx makes each its own chunk). One list, in pages.json, read here
 * (which chunks to preload for a visit's first page) and by the size budget (.size-limit.mjs).
 */
const PAGES: Record<string, string> = pages;
/** The page whose words come with the entry (i18n/en-first.ts); the others' come in this chunk. */
const FIRST_VISIT = '/sign-up';
const REST_OF_CATALOGUE = 'src/i18n/en.ts';
/** The journey actor's chunk (main.tsx), and the pages that show without a session (router.tsx). */
const JOURNEY_ACTOR = 'src/features/journey/journey-actor.ts';
const OPEN_PAGES = [
  '/sign-up',
  '/login',
  '/forgot-password',
  '/privacy-policy',
  '/terms-of-use',
  '/accessibility',
  '/status/shared/$token',
];

/**
 * Without this, a visit fetches its page's chunk only once the entry has downloaded and run (the router
 * asks for it): one more round trip and download in line before the page shows (Lighthouse's network
 * log). A few lines in index.html add a modulepreload for the page the address names, so it comes with
 * the entry. The map holds only chunks the entry does not load already.
 */
function preloadLandingPage(): Plugin {
  return {
    name: 'preload-landing-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as Rolldown.OutputBundle;
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (c: Rolldown.OutputChunk, seen = new Set<string>()) => {
          if (seen.has(c.fileName)) return seen;
          seen.add(c.fileName);
          for (const f of c.imports) closure(byFile.get(f)!, seen);
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('no entry chunk');
        const loaded = closure(entry);
        const restOfCatalogue = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(REST_OF_CATALOGUE));
        if (!restOfCatalogue) throw new Error(`no chunk for ${REST_OF_CATALOGUE}`);
        const journeyActor = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(JOURNEY_ACTOR));
        if (!journeyActor) throw new Error(`no chunk for ${JOURNEY_ACTOR}`);
        const map: Record<string, string[]> = {};
        for (const [path, src] of Object.entries(PAGES)) {
          const page = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(src));
          if (!page) throw new Error(`no chunk for ${src}: was a route renamed?`);
          // A path with a parameter ($token) is never a location.pathname as written: nothing to preload.
          // Every page but /sign-up also waits for the rest of the English catalogue (router.tsx withWords).
          const files = path === FIRST_VISIT ? closure(page) : closure(restOfCatalogue, closure(page));
          // A page behind a session starts the journey actor (XState and the machine) before it shows.
          if (!OPEN_PAGES.includes(path)) closure(journeyActor, files);
          if (!path.includes('$')) map[path] = [...files].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
        }
        const listed = new Set(Object.values(PAGES));
        const unlisted = chunks.filter(
          (c) =>
            c.isDynamicEntry &&
            /-page\.tsx$/.test(c.facadeModuleId ?? '') &&
            ![...listed].some((src) => c.facadeModuleId!.endsWith(src)),
        );
        if (unlisted.length) throw new Error(`pages.json lacks ${unlisted.map((c) => c.facadeModuleId).join(', ')}`);
        const script =
          `(function(m){(m[location.pathname]||[]).forEach(function(f){var l=document.createElement('link');` +
          `l.rel='modulepreload';l.href=f;document.head.appendChild(l)})})(${JSON.stringify(map)})`;
        // After the charset (the first 1,024 bytes) and before the stylesheet (a script after it would wait for it).
        if (!html.includes('</title>')) throw new Error('index.html has no <title>');
        return html.replace('</title>', `</title>\n    <script>${script}</script>`);
      },
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), preloadLandingPage()],
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
