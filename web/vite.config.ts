/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, type ClientRequest as ProxyRequest, type IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { CSP_FILE, PAGE_HEADERS } from './csp.ts';
import openPages from './open-pages.json' with { type: 'json' };
import pages from './pages.json' with { type: 'json' };
import { JOURNEY_SHELLS } from './src/journey-shells.ts';
import { prerenderSignUp } from './prerender-plugin.ts';

// The web app and /api on one origin: Vite proxies /api to the api in development and preview.
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';
const port = Number(process.env.WEB_PORT ?? 8080);
/**
 * The browser's socket address goes to the api as X-Forwarded-For, replacing whatever the browser sent, with
 * the local stack's secret (LOCAL_PROXY_SECRET) that makes the api believe it: each local browser counts
 * on its own against the api's limits, and a forged header counts for nothing.
 */
const localSecret = process.env.LOCAL_PROXY_SECRET ?? '';
const toApi = {
  target: api,
  xfwd: false,
  // Connections to the api kept open and reused: without an agent the proxy opened (and the api accepted)
  // one per request, which was most of this server's CPU per proxied call. One idle for 4 s is closed here,
  // before the api closes it (Node's keep-alive timeout, 5 s): a request sent on a socket the api was closing
  // at that moment failed, and the applicant read a 502 (an upload retried after a pause).
  agent: new Agent({ keepAlive: true, timeout: 4_000 }),
  configure: (proxy: { on: (e: 'proxyReq', f: (r: ProxyRequest, req: IncomingMessage) => void) => void }) =>
    proxy.on('proxyReq', (proxyReq, req) => {
      proxyReq.setHeader('x-forwarded-for', req.socket.remoteAddress ?? '');
      if (localSecret) proxyReq.setHeader('x-local-proxy', localSecret);
    }),
};
/**
 * The local Plaid stand-in's Link script and page on this origin (VITE_PLAID_LINK_URL's default,
 * web/src/features/documents/plaid-link-url.ts), so the page policy needs no other origin locally, and its
 * OAuth bank's page, which Link sends the applicant to. Only those paths: the stand-in's test routes
 * (__admin: sign any webhook, fail every login) and its Plaid api must not answer a browser, or any page
 * could forge "verified" webhooks through this origin.
 */
const PLAID_PROXY_PATHS = '^/plaid/(link-initialize\\.js|link|oauth-bank)(\\?.*)?$';
const toPlaid = { target: process.env.PLAID_URL ?? 'http://127.0.0.1:4040' };
const server = { host: '127.0.0.1', port, strictPort: true, proxy: { '/api': toApi, [PLAID_PROXY_PATHS]: toPlaid } };

/**
 * Every page's file by its route (routes/pages.ts makes each its own chunk). One list, in pages.json, read here
 * (which chunks to preload for a visit's first page) and by the size budget (.size-limit.mjs).
 */
const PAGES: Record<string, string> = pages;
/** The page whose words come with the entry (i18n/en-first.ts); the others' come in this chunk. */
const FIRST_VISIT = '/sign-up';
const REST_OF_CATALOGUE = 'src/i18n/en.ts';
/** The journey actor's chunk (main.tsx), and the pages that show without a session (router.tsx). */
const JOURNEY_ACTOR = 'src/lib/journey/journey-actor.ts';
/**
 * The whole app (TanStack Router and Query, main.tsx): every first page but a signed-out /sign-up (which
 * shows without it, first-visit.tsx, and loads it once shown) needs it before it shows.
 */
const FULL_APP = 'src/full-app.tsx';
/** The journey pages' loaders (router.tsx): a journey page needs them before it shows. */
const JOURNEY_LOADERS = 'src/routes/journey-loaders.ts';
// One list (open-pages.json), also walked by the e2e screens check (tests/e2e/open-screens.spec.ts).
const OPEN_PAGES: string[] = openPages;

/**
 * index.html's way to fetch a script ahead (`f`, in a function of the head's scripts). On a journey page
 * with a frame (JOURNEY_SHELLS) the scripts are only noted, and fetched once the frame has painted
 * (startAfterFirstPaint): Lighthouse's model charges a paint with every script that finished downloading
 * before it (a modulepreload also compiles it on the main thread, which held the frame's paint back).
 */
const PRELOAD_LINK =
  `if(${JSON.stringify(Object.keys(JOURNEY_SHELLS))}.indexOf(location.pathname)>=0)(window.laterFiles=window.laterFiles||[]).push(f);` +
  `else{var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)}`;

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
        const fullApp = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(FULL_APP));
        if (!fullApp) throw new Error(`no chunk for ${FULL_APP}`);
        const journeyLoaders = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(JOURNEY_LOADERS));
        if (!journeyLoaders) throw new Error(`no chunk for ${JOURNEY_LOADERS}`);
        const map: Record<string, string[]> = {};
        for (const [path, src] of Object.entries(PAGES)) {
          // The first visit's page is the entry's own (first-visit.tsx): nothing more to preload.
          if (path === FIRST_VISIT) continue;
          const page = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(src));
          if (!page) throw new Error(`no chunk for ${src}: was a route renamed?`);
          // A path with a parameter ($token) is never a location.pathname as written: nothing to preload.
          // Every page but /sign-up also waits for the rest of the English catalogue (routes/pages.ts, withWords).
          const files = closure(restOfCatalogue, closure(fullApp, closure(page)));
          // A page behind a session starts the journey actor (XState and the machine) before it shows, and
          // a journey page's loader ensures its data (/status has its own).
          if (!OPEN_PAGES.includes(path)) closure(journeyActor, files);
          if (!OPEN_PAGES.includes(path) && path !== '/status') closure(journeyLoaders, files);
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
        const script = `(function(m){(m[location.pathname]||[]).forEach(function(f){${PRELOAD_LINK}})})(${JSON.stringify(map)})`;
        // After the charset (the first 1,024 bytes) and before the stylesheet (a script after it would wait for it).
        if (!html.includes('</title>')) throw new Error('index.html has no <title>');
        return html.replace('</title>', `</title>\n    <script>${script}</script>`);
      },
    },
  };
}

/**
 * Lighthouse (mobile, simulated throttling) charged the prerendered /sign-up's paint with every script
 * that had finished downloading before it (its model counts what ended before the observed paint as what
 * the paint waited for): LCP 1.63× the bare page at 130 KiB of scripts. The first visit's page needs no
 * script to paint, so when the prerender is shown (index.html's script before this one marks #root) the
 * entry and its static imports are asked for once the browser has painted: after the next frame, in a
 * visible tab (a hidden one paints nothing and starts at once). Any other page fetches them from the head
 * and starts them at once, as Vite's tags would. The tags Vite writes are replaced by this script, at the end of the body
 * (after the prerender's); the e2e first visit spec reads the entry's files from it (id app-start).
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry) throw new Error("index.html has no entry <script type='module'>");
        const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
        let page = html.replace(entry[0], '');
        for (const p of preloads) page = page.replace(p[0], '');
        const script =
          // A journey page's scripts the head only noted (PRELOAD_LINK) are fetched now, with the entry's.
          `(function(entry,files){function start(){(window.laterFiles||[]).forEach(function(f){` +
          `files.indexOf(f)<0&&f!==entry&&files.push(f)});` +
          `files.forEach(function(f){var l=document.createElement('link');` +
          `l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)});` +
          `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=entry;` +
          // The scripts could not load: the page says so and offers a reload (prerender.tsx LOAD_FAILED_SCRIPT).
          `s.onerror=function(){window.appFailed&&window.appFailed()};document.head.appendChild(s)}` +
          `function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}` +
          // A journey page's frame (prerender.tsx, JOURNEY_SHELLS) waits for the session check: the scripts
          // are fetched and run once the frame has painted, or at once
          // when none is shown (or the check takes over 3 s: the app then says what went wrong). The paint
          // is awaited as the browser reports it (first-contentful-paint, once presented): a frame's
          // callbacks run before it is on the screen, and what starts there counts as before the paint.
          `function afterShown(){var done=false;var go=function(){if(!done){done=true;setTimeout(start,0)}};setTimeout(go,1000);` +
          `try{new PerformanceObserver(function(l){l.getEntriesByName('first-contentful-paint').length&&go()})` +
          `.observe({type:'paint',buffered:true})}catch(e){done=true;afterPaint()}}` +
          `if(document.getElementById('root').hasAttribute('data-prerendered')&&document.visibilityState!=='hidden')afterPaint();` +
          `else if(window.shellShown){var begun=false;var go=function(shown){if(begun)return;begun=true;shown?afterShown():start()};` +
          `window.shellShown.then(go);setTimeout(function(){go(false)},3000)}else start()})` +
          `(${JSON.stringify(entry[1])},${JSON.stringify(preloads.map((p) => p[1]))})`;
        // Any other page fetches them from the head, as the tags did (the script at the end of the body
        // runs them): its content waits for them.
        const early =
          `if(location.pathname!==${JSON.stringify(FIRST_VISIT)})${JSON.stringify([entry[1], ...preloads.map((p) => p[1])])}` +
          `.forEach(function(f){${PRELOAD_LINK}})`;
        if (!page.includes('</body>') || !page.includes('</title>'))
          throw new Error('index.html has no </body> or </title>');
        return page
          .replace('</title>', `</title>\n    <script>${early}</script>`)
          .replace('</body>', `  <script id="app-start">${script}</script>\n  </body>`);
      },
    },
  };
}

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@portal/libs': fileURLToPath(new URL('../libs/src/index.ts', import.meta.url)) };

/**
 * The local stack's web server (Vite preview) answers pages with the headers nginx gives them in production:
 * the policy the last build wrote (read at each answer, as `npm start` rebuilds on change) and the others.
 */
function securityHeaders(): Plugin {
  return {
    name: 'security-headers',
    configurePreviewServer(server) {
      const file = resolve(server.config.root, server.config.build.outDir, CSP_FILE);
      server.middlewares.use((req, res, next) => {
        // The api's answers and the Plaid stand-in's Link page (framed by the app, with its own policy) aside.
        if (!req.url?.startsWith('/api/') && !req.url?.startsWith('/plaid/')) {
          if (existsSync(file)) res.setHeader('Content-Security-Policy', readFileSync(file, 'utf8'));
          for (const [name, value] of Object.entries(PAGE_HEADERS)) res.setHeader(name, value);
        }
        next();
      });
    },
  };
}

export default defineConfig({
  root,
  plugins: [
    react(),
    preloadLandingPage(),
    startAfterFirstPaint(),
    prerenderSignUp({ root, alias, page: FIRST_VISIT }),
    securityHeaders(),
  ],
  resolve: { alias },
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
    // npm test runs these beside the browser and integration suites on the same cores: a test that types a
    // form key by key (under a second alone) took over 5 s at load average 22.
    testTimeout: 15_000,
  },
});
