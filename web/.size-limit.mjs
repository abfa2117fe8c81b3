// The web app's size budget, checked by `npm test` with size-limit over the production build (gzip, as
// served): the first visit (the entry and everything it imports statically, plus the /sign-up page it
// lands on) and each later page's own chunks (what that route adds to what is already loaded).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('./dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));

/** The JS files a manifest entry loads before it runs: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const k of manifest[key].imports ?? []) closure(k, seen);
  return seen;
}
const files = (keys) => [...keys].map((k) => dist + manifest[k].file);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
const page = (src) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(src));
  if (!key) throw new Error(`no chunk for ${src} in the build manifest: was a route renamed?`);
  return new Set([...closure(key)].filter((k) => !entry.has(k)));
};

// Every page's file by its route: one list (pages.json), also read by vite.config.ts.
const PAGES = JSON.parse(readFileSync(new URL('./pages.json', import.meta.url), 'utf8'));
const FIRST_VISIT = PAGES['/sign-up'];
const LATER_PAGES = Object.fromEntries(Object.entries(PAGES).filter(([route]) => route !== '/sign-up'));

export default [
  {
    name: 'first visit (/sign-up): entry + page',
    path: files(new Set([...entry, ...page(FIRST_VISIT)])),
    gzip: true,
    // The goal is 100 KiB and it is NOT met (issue 14 stays open): the frameworks alone weigh
    // about 115 KiB gzipped (react-dom 62, TanStack Router 26, XState 12, TanStack Query 10, react 3),
    // and the English catalogue with i18next and react-i18next adds about 40 KiB (French is its own
    // chunk, loaded only when chosen). The budget holds today's size so that it cannot grow unnoticed:
    // 168.9 KiB on 2026-11-24, then 172.0 KiB once the http client sent Idempotency-Keys (issue 15) and
    // the English catalogue gained the status view's words (issue 16). A runtime change (e.g. Preact's
    // compat layer) is what can bring it down.
    limit: '172 KiB',
  },
  {
    // Loaded beside the first page after /sign-up (router.tsx), once: the words the first visit leaves out.
    name: 'the rest of the English catalogue',
    path: files(page('src/i18n/en.ts')),
    gzip: true,
    limit: '10 KiB',
  },
  {
    // Loaded once, by the first route that needs a session (main.tsx, router.tsx): XState and the journey machine.
    name: 'the journey actor',
    path: files(page('src/features/journey/journey-actor.ts')),
    gzip: true,
    limit: '20 KiB',
  },
  ...Object.entries(LATER_PAGES).map(([route, src]) => ({
    name: `${route} page chunks`,
    path: files(page(src)),
    gzip: true,
    limit: '30 KiB',
  })),
];
