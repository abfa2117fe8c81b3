// The web app's size budget, checked by `npm test` with size-limit over the production build (gzip, as
// served): the first visit (the entry and everything it imports statically, plus the /sign-up page it
// lands on) and each later page's own chunks (what that route adds to what is already loaded).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// WEB_DIST: a build elsewhere (the bench builds its own, so it never rewrites web/dist under a running suite).
const dist = process.env.WEB_DIST
  ? `${process.env.WEB_DIST.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('./dist/', import.meta.url));
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
const keyOf = (src) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(src));
  if (!key) throw new Error(`no chunk for ${src} in the build manifest: was a route renamed?`);
  return key;
};
/** What a chunk adds to `loaded`. */
const adds = (src, loaded) => new Set([...closure(keyOf(src))].filter((k) => !loaded.has(k)));
// The whole app (TanStack Router and Query, every route: web/src/full-app.tsx), loaded once the first
// visit's page has shown, and before any other first page.
const FULL_APP = 'src/full-app.tsx';
const fullApp = adds(FULL_APP, entry);
const withFullApp = new Set([...entry, ...fullApp]);
/** A later page's own chunks: what it adds to the entry and the whole app. */
const page = (src) => adds(src, withFullApp);

// Every page's file by its route: one list (pages.json), also read by vite.config.ts.
const PAGES = JSON.parse(readFileSync(new URL('./pages.json', import.meta.url), 'utf8'));
const FIRST_VISIT = PAGES['/sign-up'];
const LATER_PAGES = Object.fromEntries(Object.entries(PAGES).filter(([route]) => route !== '/sign-up'));

export default [
  {
    name: 'first visit (/sign-up): entry + page',
    // The entry holds /sign-up's page (web/src/first-visit.tsx), so the page has no chunk of its own; if
    // it ever has one again, it counts here.
    path: files(
      new Set([
        ...entry,
        ...(Object.keys(manifest).some((k) => k.endsWith(FIRST_VISIT)) ? adds(FIRST_VISIT, entry) : []),
      ]),
    ),
    gzip: true,
    // The first visit's goal, met: 95.1 KiB (97.4 kB) on 2026-11-26, from 131.0 KiB. A signed-out first visit
    // to /sign-up shows and answers without TanStack Router and Query (web/src/first-visit.tsx, the shell
    // and the page told their way by lib/nav.tsx): the whole app (web/src/full-app.tsx: the router over
    // every page, the query cache, 40.2 KiB with their libraries) loads once the page has shown and takes
    // over when the applicant leaves it. What remains, by source (gzip, each part compressed alone):
    // react-dom 63.7, react 3.0, scheduler 1.5, the app's own code 12.6, libs 12 (the web imports libs
    // through its index: the answer rules and the industry list come along), TanStack Query's core 0
    // (lib/resume.ts keeps lib/session.ts, and Query with it, out of the first visit), i18n 1.2.
    limit: '100 KiB',
  },
  {
    // Loaded beside the first page after /sign-up (routes/pages.ts), once: the words the first visit leaves
    // out (4.5 KiB on 2026-11-24; 6.45 KiB on 2026-11-26 with the words of the bank connection, the
    // offers' cost against the business's cash and their comparison; 7.22 KiB on 2026-11-29 with the words of
    // "Delete my account"; 7.61 KiB the same day with "Download my data" and where a deleted account's kept
    // records stay). Never on the first visit's path.
    name: 'the rest of the English catalogue',
    path: files(page('src/i18n/en.ts')),
    gzip: true,
    limit: '8 KiB',
  },
  {
    // The whole app: TanStack Router and Query, the router's routes and shell, loaded after the first
    // visit's page has shown (main.tsx), and with any other first page (vite.config.ts preloads it).
    name: 'the whole app (router and query)',
    path: files(fullApp),
    gzip: true,
    limit: '42 KiB',
  },
  {
    // Loaded once, by the first route that needs a session (main.tsx, router.tsx): XState and the journey
    // machine (13.7 KiB on 2026-11-24). The first journey page after sign-up loads this, the rest of the
    // catalogue and its own chunks: /financial 18.1 + 4.5 + 13.7 = 36.3 KiB.
    name: 'the journey actor',
    path: files(page('src/lib/journey/journey-actor.ts')),
    gzip: true,
    limit: '15 KiB',
  },
  {
    // libphonenumber-js over the metadata of the +1 countries (libs/src/validation/phone.ts), a chunk of its own
    // (web/src/lib/phone.ts): /sign-up fetches it once it has shown, the loaders of /business and /owners beside
    // their answers; never in the first visit's files or a page's own (17.01 kB on 2026-11-29).
    name: 'the phone library',
    path: files(page('src/lib/phone-library.ts')),
    gzip: true,
    limit: '18 KiB',
  },
  // Each later page's own chunks. The three answer forms carry the most: react-hook-form (14.7 KiB), the
  // locale number field, and since 2026-11-29 the server-kept draft (1.3 KiB: nothing typed is lost to an
  // ended session or another device, and nothing personal stays in the browser): /owners 30.7 KiB then. The
  // address lookup (1.4 KiB) is no page's own since 2026-11-30: a build without a Google Maps key has none of it,
  // one with a key fetches it as a chunk of its own (components/address/address-lookup-slot.tsx): /owners 29.6
  // KiB, 29.9 with a key.
  ...Object.entries(LATER_PAGES).map(([route, src]) => ({
    name: `${route} page chunks`,
    path: files(page(src)),
    gzip: true,
    limit: '30 KiB',
  })),
];
