// Item 2, the database engines: FerretDB on PostgreSQL against FerretDB on SQLite.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Figure } from '../report.ts';

/**
 * Item 2: a run on PostgreSQL reports each figure against the same figure measured on SQLite earlier the
 * same day (the day's report): the engines cannot share one stack, so the two runs follow each other.
 */
export function againstSqlite(root: string, figures: Figure[], date: string): Figure[] {
  const json = join(root, 'tests', 'bench', 'results', `${date}.json`);
  const before = existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as { figures: Figure[] }).figures : [];
  return figures.map((f) => {
    // Names carry the run's p99 ("… requests/s (p99 82 ms)"): matched without it.
    const bare = (name: string) => name.replace(/ \(p99 [^)]*\)/, '');
    const sqlite = before.find((b) => b.item === f.item && bare(b.name) === bare(f.name));
    const higherIsBetter = f.unit.endsWith('/s');
    const ratio = sqlite ? f.value / sqlite.value : undefined;
    return {
      item: '2',
      name: `PostgreSQL against SQLite: ${f.name}`,
      unit: f.unit,
      value: f.value,
      baseline: sqlite?.value,
      ratio,
      goal: higherIsBetter
        ? 'faster engine is the default (> 1× favours PostgreSQL)'
        : 'reported (< 1× favours PostgreSQL)',
      pass: undefined,
      note: f.ratio !== undefined ? `on PostgreSQL against its own first size: ${f.ratio.toFixed(2)}×` : undefined,
    };
  });
}
