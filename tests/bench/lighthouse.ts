// Item 7 in the browser: Lighthouse's performance audit (its default: mobile form factor, simulated
// throttling) of the production build served as deploy/ serves it (bench/static-server.ts), against a
// bare React page (bench/bare-page) built by the same Vite in the same run and served the same way.
// Runs are interleaved page by page (bare, /sign-up, /financial, bare, ...) so that the machine's drift
// falls on all three alike; each metric is the median of its runs.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './load.ts';

export type PageRun = {
  url: string;
  finalUrl: string;
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  /** The resources Lighthouse found blocking the first render. */
  renderBlocking: string[];
};

/**
 * Copies a Vite build to `to` and prepares it as the web image does (web.Dockerfile): brotli and gzip
 * copies beside each text file (deploy/precompress.mjs), no source maps, no manifest.
 */
export function asDeployed(root: string, node: string, from: string, to: string) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  rmSync(join(to, '.vite'), { recursive: true, force: true });
  const r = spawnSync(node, [join(root, 'deploy/precompress.mjs'), to], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`precompress failed: ${r.stderr}`);
}

/** Builds tests/bench/bare-page with the repo's Vite (no config: the page needs no plugin) into `outDir`. */
export function buildBarePage(root: string, node: string, outDir: string) {
  const r = spawnSync(
    node,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      'tests/bench/bare-page',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`the bare page did not build: ${r.stderr}`);
}

/** A page to audit; `cookies` go into the browser's cookie jar for the page's origin before each run. */
type Target = { name: string; url: string; cookies?: Record<string, string> };

/** One DevTools protocol command to the browser itself. */
async function browserCommand(port: number, method: string, params: Record<string, unknown> = {}) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const ws = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  const answered = new Promise<{ error?: { message: string } }>((resolve) => {
    ws.onmessage = (m) => resolve(JSON.parse(String(m.data)) as { error?: { message: string } });
  });
  ws.send(JSON.stringify({ id: 1, method, params }));
  const answer = await answered;
  ws.close();
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
}

/**
 * The browser's cookie jar as the page's visitor has it: the session's cookies for a signed-in page (its
 * requests carry them and its script reads XSRF-TOKEN, as after a sign-in; an extra Cookie header reached
 * the document but not the page's fetches), none for a first visit. Lighthouse's storage reset keeps
 * cookies, so each run sets them.
 */
async function cookieJar(port: number, url: string, cookies: Record<string, string> | undefined) {
  await browserCommand(port, 'Storage.clearCookies');
  if (cookies) {
    const list = Object.entries(cookies).map(([name, value]) => ({ name, value, url }));
    await browserCommand(port, 'Storage.setCookies', { cookies: list });
  }
}

/** Runs Lighthouse `runs` times on each target, interleaved; `reportDir` keeps each run's JSON. */
export async function lighthouseRuns(
  targets: Target[],
  runs: number,
  reportDir?: string,
): Promise<Record<string, PageRun[]>> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const out: Record<string, PageRun[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
  try {
    if (reportDir) mkdirSync(reportDir, { recursive: true });
    for (let i = 0; i < runs; i++) {
      for (const t of targets) {
        await cookieJar(chrome.port, t.url, t.cookies);
        const result = await lighthouse(t.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${t.url}`);
        const lhr = result.lhr;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${t.url}: ${lhr.runtimeError.message}`);
        if (reportDir)
          writeFileSync(join(reportDir, `${t.name.replace(/\W+/g, '_')}-${i + 1}.json`), result.report as string);
        const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const blocking = (lhr.audits['render-blocking-resources']?.details as { items?: { url: string }[] } | undefined)
          ?.items;
        out[t.name]!.push({
          url: t.url,
          finalUrl: lhr.finalDisplayedUrl,
          score: lhr.categories.performance?.score ?? Number.NaN,
          lcp: num('largest-contentful-paint'),
          cls: num('cumulative-layout-shift'),
          tbt: num('total-blocking-time'),
          fcp: num('first-contentful-paint'),
          renderBlocking: (blocking ?? []).map((b) => new URL(b.url).pathname),
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return out;
}

/** Each metric's median over the runs (not one median run: the metrics vary separately). */
export function medians(runs: PageRun[]) {
  return {
    score: median(runs.map((r) => r.score)),
    lcp: median(runs.map((r) => r.lcp)),
    cls: median(runs.map((r) => r.cls)),
    tbt: median(runs.map((r) => r.tbt)),
    fcp: median(runs.map((r) => r.fcp)),
  };
}
