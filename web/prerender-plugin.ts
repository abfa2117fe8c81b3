import react from '@vitejs/plugin-react';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { CSP_FILE, policyFor } from './csp.ts';

/**
 * Runs `fn` with a browser's globals (jsdom's window at `url`) in place, then puts Node's back: the
 * router's browser path reads window and document as it is created (event listeners, the origin).
 */
async function inBrowserGlobals<T>(url: string, fn: () => Promise<T>): Promise<T> {
  // @ts-expect-error jsdom comes without its types (the web tests' environment; a build tool here).
  const { JSDOM } = (await import('jsdom')) as {
    JSDOM: new (html: string, options: object) => { window: Window & typeof globalThis };
  };
  const { window } = new JSDOM('<!doctype html><html><body></body></html>', { url, pretendToBeVisual: true });
  const names = ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'self'] as const;
  const saved = names.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  for (const name of names)
    Object.defineProperty(globalThis, name, {
      value: name === 'window' || name === 'self' ? window : window[name],
      configurable: true,
      writable: true,
    });
  try {
    return await fn();
  } finally {
    // Its timers (pretendToBeVisual's frames) would keep the build from ending.
    window.close();
    for (const [name, descriptor] of saved)
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
  }
}

/** react-dom/server's browser build holds a MessageChannel open: the build would never end. */
const SERVER_NODE = { find: /^react-dom\/server$/, replacement: 'react-dom/server.node' };

/**
 * Nothing painted until the whole app's code had downloaded and run (Lighthouse: FCP = LCP = 2.1 s on
 * /sign-up against 1.2 s for a bare React page). The first visit's page is now in index.html already,
 * rendered at build time by the app's own code (src/prerender.tsx, with react-dom/server) in English and
 * in French, and shown before the first paint only on /sign-up (prerender.tsx says when); main.tsx
 * hydrates it. In a browser the form now paints with the HTML and the stylesheet (with the scripts held
 * back 1.5 s, first contentful paint at 0.27 s). Lighthouse's simulated throttling credits little of it
 * (FCP 2.0 s, LCP 2.05 s): on this machine the unthrottled load has fetched every script before Chrome's
 * first frame (observed FCP = LCP = 0.17 s), and its model (Lantern, as we read it) counts the
 * high-priority requests (module scripts and modulepreloads are) that ended before the paint among
 * FCP's dependencies, and every request that ended before it among LCP's. Tried on 2026-11-25 and left
 * out: the scripts at fetchpriority=low took the simulated FCP to 0.78 s (bare page 1.2 s) but not LCP
 * (2.03 to 2.10 s), and raised TBT to 0.32 s. The prerender is built as a browser bundle run in Node:
 * the router then takes its browser path (Suspense and all), the same tree the browser hydrates.
 */
export function prerenderSignUp(opts: { root: string; alias: Record<string, string>; page: string }): Plugin {
  const { root, alias, page: FIRST_VISIT } = opts;
  let outDir = '';
  return {
    name: 'prerender-sign-up',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const tmp = mkdtempSync(join(tmpdir(), 'web-prerender-'));
      try {
        await build({
          configFile: false,
          root,
          mode: 'production',
          logLevel: 'warn',
          plugins: [react()],
          resolve: {
            alias: [...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })), SERVER_NODE],
          },
          define: { 'process.env.NODE_ENV': '"production"' },
          ssr: { noExternal: true, target: 'node', resolve: { conditions: ['browser', 'module', 'production'] } },
          build: {
            ssr: 'src/prerender.tsx',
            outDir: tmp,
            emptyOutDir: true,
            minify: false,
            rolldownOptions: { output: { codeSplitting: false } },
          },
        });
        const body = await inBrowserGlobals(`http://localhost${FIRST_VISIT}`, async () => {
          const { prerenderedBody } = (await import(pathToFileURL(join(tmp, 'prerender.js')).href)) as {
            prerenderedBody: () => Promise<string>;
          };
          return prerenderedBody();
        });
        const file = join(outDir, 'index.html');
        const html = readFileSync(file, 'utf8');
        const empty = '<div id="root"></div>';
        if (!html.includes(empty)) throw new Error('index.html has no empty #root');
        const page = html.replace(empty, `${empty}\n    ${body}`);
        writeFileSync(file, page);
        // The final page's inline scripts are what the policy's hashes allow (csp.ts).
        mkdirSync(dirname(join(outDir, CSP_FILE)), { recursive: true });
        writeFileSync(join(outDir, CSP_FILE), policyFor(page));
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}
