// The browser journey's api calls by method and route (ids folded into `:id`, the query left off), so that
// a call the web makes twice, or a read it could have kept, shows in the log beside the total.
import type { TimedCall } from './tab.ts';

/** `/api/file/application/66f...?x=1` → `/api/file/application/:id` (record ids and Salesforce ids alike). */
export const routeOf = (path: string) =>
  path
    .split('?')[0]!
    .split('/')
    .map((part) =>
      /^[0-9a-f]{24}$/i.test(part) ||
      /^(?=.*\d)[0-9A-Za-z]{15,18}$/.test(part) ||
      /^[0-9a-f-]{32,36}$/i.test(part) ||
      /^\d+$/.test(part)
        ? ':id'
        : part,
    )
    .join('/');

/** "METHOD route ×n (step ×n, ...)" per journey, most first, one line each. */
export function callsByRoute(calls: TimedCall[], journeys: number): string[] {
  const counts = new Map<string, { n: number; steps: Map<string, number> }>();
  for (const c of calls) {
    const key = `${c.method} ${routeOf(c.path)}`;
    const entry = counts.get(key) ?? { n: 0, steps: new Map<string, number>() };
    entry.n++;
    entry.steps.set(c.step, (entry.steps.get(c.step) ?? 0) + 1);
    counts.set(key, entry);
  }
  const each = (n: number) => (n / Math.max(1, journeys)).toFixed(2).replace(/\.?0+$/, '');
  return [...counts]
    .sort((a, b) => b[1].n - a[1].n || a[0].localeCompare(b[0]))
    .map(([k, { n, steps }]) => `${k} ×${each(n)} (${[...steps].map(([s, m]) => `${s} ×${each(m)}`).join(', ')})`);
}
