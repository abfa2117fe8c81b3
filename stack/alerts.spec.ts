// deploy/prometheus/alerts.yml, the rules production's Prometheus and the local stack's evaluate: each rule
// fires where it should (promtool's rule tests, deploy/prometheus/alerts.test.yml), names only metrics that
// something here emits (the api's and the worker's own, registered in their code, or the Temporal SDK's,
// present in the SDK's native module), and has its row in docs/operations/metrics.md. A rule on a misspelt
// metric would otherwise never fire, and nothing would say so.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_SCRAPE_INTERVAL } from './prometheus.ts';
import { ROOT } from './root.ts';

type Rule = {
  alert: string;
  expr: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: Record<string, string>;
};
const yaml = createRequire(join(ROOT, 'package.json'))('js-yaml') as { load: (text: string) => unknown };
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const rules = (yaml.load(read('deploy/prometheus/alerts.yml')) as { groups: { rules: Rule[] }[] }).groups.flatMap(
  (g) => g.rules,
);
const PROMTOOL = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';

/** The source files of a folder, recursively, without the specs. */
const sources = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts')
        ? [readFileSync(join(ROOT, dir, e.name), 'utf8')]
        : [],
  );

/** The Temporal SDK's metric names live in its native module (the Core SDK, Rust): its text, as bytes. */
const coreBridge = () => {
  const dir = join(ROOT, 'node_modules/@temporalio/core-bridge/releases');
  const build = readdirSync(dir).find((d) => existsSync(join(dir, d, 'index.node')))!;
  return readFileSync(join(dir, build, 'index.node')).toString('latin1');
};

describe('deploy/prometheus/alerts.yml', () => {
  it('passes its rule tests (promtool test rules)', () => {
    const r = spawnSync(PROMTOOL, ['test', 'rules', 'alerts.test.yml'], {
      cwd: join(ROOT, 'deploy/prometheus'),
      encoding: 'utf8',
    });
    expect(r.stdout + r.stderr).toContain('SUCCESS');
    expect(r.status).toBe(0);
  });

  it("and production's configuration loads it (promtool check config)", () => {
    // The configuration names the rules where the container mounts them; checked here beside a copy.
    const dir = mkdtempSync(join(tmpdir(), 'portal-prometheus-'));
    copyFileSync(join(ROOT, 'deploy/prometheus/alerts.yml'), join(dir, 'alerts.yml'));
    const config = read('deploy/prometheus/prometheus.yml').replace('/etc/prometheus/alerts.yml', 'alerts.yml');
    writeFileSync(join(dir, 'prometheus.yml'), config);
    const r = spawnSync(PROMTOOL, ['check', 'config', 'prometheus.yml'], { cwd: dir, encoding: 'utf8' });
    expect(r.stdout + r.stderr).toMatch(/SUCCESS: 1 rule files found/);
    expect(r.status).toBe(0);
  });

  it("sees at least four of the local stack's scrapes in each range and each `for:`", () => {
    // The local Prometheus scrapes less often than production's (stack/prometheus.ts): a rule whose window
    // held fewer scrapes would fire late or never on a developer's machine.
    const seconds = (d: string) => Number(d.slice(0, -1)) * { s: 1, m: 60, h: 3600 }[d.slice(-1) as 's' | 'm' | 'h'];
    const scrape = seconds(LOCAL_SCRAPE_INTERVAL);
    for (const rule of rules) {
      const windows = [...rule.expr.matchAll(/\[(\d+[smh])\]/g)].map((m) => m[1]!);
      for (const w of [...windows, ...(rule.for ? [rule.for] : [])])
        expect(seconds(w), `${rule.alert}: ${w}`).toBeGreaterThanOrEqual(4 * scrape);
    }
  });

  it('has a test case for each alert on the Temporal SDK', () => {
    const tests = read('deploy/prometheus/alerts.test.yml');
    for (const rule of rules.filter((r) => r.expr.includes('temporal_')))
      expect(tests, rule.alert).toContain(`alertname: ${rule.alert}`);
  });

  it('names only metrics the api, the worker or the Temporal SDK emit', () => {
    const code = [...sources('api/src'), ...sources('worker/src')].join('\n');
    const sdk = coreBridge();
    for (const rule of rules) {
      const names = [...rule.expr.matchAll(/\b(portal|temporal)_[a-z_]+\b/g)].map((m) => m[0]);
      for (const name of names) {
        // A histogram's series carry its name with _bucket, _count or _sum.
        const base = name.replace(/_(bucket|count|sum)$/, '');
        if (base.startsWith('portal_')) expect(code, `${rule.alert}: ${name}`).toContain(`'${base}'`);
        // The SDK's exporter prefixes its names with temporal_ and adds no _total (the worker sets no
        // other option: worker/src/metrics.ts).
        else expect(sdk.includes(base.replace(/^temporal_/, '')), `${rule.alert}: ${name}`).toBe(true);
      }
    }
    expect(read('worker/src/metrics.ts')).not.toMatch(/useSecondsForDurations|countersTotalSuffix|metricPrefix/);
  });

  it('gives each alert a severity, a summary and its row in docs/operations/metrics.md', () => {
    const doc = read('docs/operations/metrics.md');
    for (const rule of rules) {
      expect(['warning', 'critical'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(doc, rule.alert).toContain(`| \`${rule.alert}\` |`);
    }
  });
});
