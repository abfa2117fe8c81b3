// Item 7, the web app: the production build's sizes (exact, by the same size-limit check as npm test), then
// in a full run Lighthouse on /sign-up and /financial against a bare React page.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { TEST_PASSWORD } from '../../support/api-client.ts';
import type { Applicant, BenchContext } from '../context.ts';
import { tcpOpen } from '../../../stack/processes.ts';
import { asDeployed, buildBarePage, lighthouseRuns, medians } from '../lighthouse.ts';
import type { Figure } from '../report.ts';

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const { root, node, log } = ctx;
  // Sizes are exact, not noise: the production build measured by the same size-limit check as npm test.
  log('\n7. web: production build sizes (gzip, as served)');
  // Built into the bench's own data dir: web/dist may be served by a suite running beside the bench.
  const dist = join(ctx.dataDir, 'web-dist');
  const built = spawnSync(
    node,
    ['node_modules/vite/bin/vite.js', 'build', 'web', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: root },
  );
  const sized = spawnSync(node, [join(root, 'node_modules/size-limit/bin.js'), '--json'], {
    cwd: join(root, 'web'),
    env: { ...process.env, WEB_DIST: dist },
    encoding: 'utf8',
  });
  if (built.status !== 0 || !sized.stdout) {
    ctx.failures.push(`web build or size-limit failed: ${sized.stderr}`);
    return [];
  }
  const checks = JSON.parse(sized.stdout) as { name: string; size: number }[];
  const first = checks[0]!;
  const pages = checks.filter((c) => c.name.endsWith(' page chunks'));
  const later = pages.sort((a, b) => b.size - a.size)[0]!;
  // Loaded once, with the first page after /sign-up: the rest of the English catalogue, the journey actor.
  const shared = checks.slice(1).filter((c) => !pages.includes(c));
  const KiB = (n: number) => n / 1024;
  const figures: Figure[] = [
    {
      item: '7',
      name: 'first visit JS (/sign-up: entry, shell and page)',
      unit: 'KiB',
      value: KiB(first.size),
      goal: '≤ 100 KiB',
      pass: KiB(first.size) <= 100,
      note: 'react-dom 62, react 3, scheduler 1.5 KiB; TanStack Router and Query come with the whole app (web/src/full-app.tsx, about 40 KiB), loaded once /sign-up has shown (XState with the journey actor, 14 KiB)',
    },
    {
      item: '7',
      name: `largest later page's own chunks (${later.name.replace(' page chunks', '')})`,
      unit: 'KiB',
      value: KiB(later.size),
      goal: '≤ 30 KiB',
      pass: KiB(later.size) <= 30,
      note: `loaded once with the first page after /sign-up, besides its own: ${shared
        .map((c) => `${c.name} ${KiB(c.size).toFixed(1)} KiB`)
        .join(', ')}`,
    },
  ];
  // Lighthouse takes about 20 s a run: the smoke (npm test) leaves it out, so that npm test stays
  // seconds long and never waits on a browser's timing.
  if (ctx.smoke) log('7. web: Lighthouse left out of the smoke run');
  else figures.push(...(await lighthouseFigures(ctx, ctx.applicants[0]!)));
  return figures;
}

/**
 * Item 7 in the browser: the production build and a bare React page, each served as deploy/ serves it,
 * audited by Lighthouse (mobile, simulated throttling) 3 times each, interleaved; /financial as a
 * signed-in applicant (the session's cookies in the browser's jar).
 */
async function lighthouseFigures(ctx: BenchContext, who: Applicant): Promise<Figure[]> {
  const { root, node, dataDir, api } = ctx;
  const { site: sitePort, barePage: barePort } = ctx.benchPorts;
  const RUNS = 3;
  ctx.log(`\n7. web: Lighthouse (mobile, simulated throttling), ${RUNS} runs each, interleaved`);
  const site = join(dataDir, 'web-site');
  const bare = join(dataDir, 'bare-page');
  asDeployed(root, node, join(dataDir, 'web-dist'), site);
  buildBarePage(root, node, join(dataDir, 'bare-build'));
  asDeployed(root, node, join(dataDir, 'bare-build'), bare);
  for (const [name, dir, port] of [
    ['web-site', site, sitePort],
    ['bare-page', bare, barePort],
  ] as const) {
    await ctx.start({
      name,
      command: node,
      // As stack/node.sh runs a TypeScript file (esm-sources.mjs: an ES module, no reparse, no warning).
      args: ['--import', join(root, 'stack/esm-sources.mjs'), join(root, 'tests/bench/static-server.ts')],
      cwd: root,
      env: { STATIC_DIR: dir, PORT: String(port), ...(name === 'web-site' ? { API_URL: api } : {}) },
      ready: () => tcpOpen(port),
      quiet: true,
    });
  }
  // A fresh sign-in, so that every run starts with a live access token whatever ran before.
  const signedIn = await who.client.post('/auth/login', { username: who.email, password: TEST_PASSWORD });
  if (signedIn.status !== 200) throw new Error(`sign-in for Lighthouse answered ${signedIn.status}`);
  const cookies = Object.fromEntries(who.client.cookies);
  const origin = `http://127.0.0.1:${sitePort}`;
  const runs = await lighthouseRuns(
    [
      { name: 'bare', url: `http://127.0.0.1:${barePort}/` },
      { name: '/sign-up', url: `${origin}/sign-up` },
      { name: '/financial', url: `${origin}/financial`, cookies },
    ],
    RUNS,
    process.env.BENCH_LIGHTHOUSE_DIR,
  );
  // A page that was sent elsewhere (/financial to /sign-up without a session) measured another page.
  for (const [name, rs] of Object.entries(runs))
    for (const r of rs)
      if (name !== 'bare' && new URL(r.finalUrl).pathname !== name)
        throw new Error(`Lighthouse on ${name} ended on ${r.finalUrl}`);
  const base = medians(runs.bare!);
  const figures: Figure[] = [];
  for (const page of ['/sign-up', '/financial']) {
    const m = medians(runs[page]!);
    const last = runs[page]!.at(-1)!;
    // Lighthouse 12.2's LCP-element audit fails on this Chromium (its trace gatherer), so first paint instead.
    const seen = `first contentful paint ${m.fcp.toFixed(0)} ms (bare ${base.fcp.toFixed(0)}); render-blocking: ${last.renderBlocking.join(', ') || 'none'}`;
    const each = (k: 'score' | 'lcp' | 'cls' | 'tbt', digits: number) =>
      `runs ${runs[page]!.map((r) => r[k].toFixed(digits)).join(', ')}`;
    figures.push(
      {
        item: '7',
        name: `Lighthouse ${page}: performance score (mobile)`,
        unit: '',
        value: m.score,
        baseline: base.score,
        ratio: m.score / base.score,
        goal: '≥ 0.95',
        pass: m.score >= 0.95,
        note: `${each('score', 2)}; ${seen}`,
      },
      {
        item: '7',
        name: `Lighthouse ${page}: largest contentful paint`,
        unit: 'ms',
        value: m.lcp,
        baseline: base.lcp,
        ratio: m.lcp / base.lcp,
        goal: '≤ 1.2× the bare page',
        pass: m.lcp / base.lcp <= 1.2,
        note: each('lcp', 0),
      },
      {
        item: '7',
        name: `Lighthouse ${page}: cumulative layout shift`,
        unit: '',
        value: m.cls,
        baseline: base.cls,
        goal: '≤ 0.02',
        pass: m.cls <= 0.02,
        note: each('cls', 3),
      },
      {
        item: '7',
        name: `Lighthouse ${page}: total blocking time`,
        unit: 'ms',
        value: m.tbt,
        baseline: base.tbt,
        goal: '≤ 100 ms',
        pass: m.tbt <= 100,
        note: each('tbt', 0),
      },
    );
  }
  return figures;
}
