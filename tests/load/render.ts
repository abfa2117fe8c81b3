// Draws a load report's chart again from its saved run (test-results/load-<date>[-name].json):
//   bash stack/node.sh tests/load/render.ts test-results/load-….json tests/bench/results/load-….svg
import { readFileSync, writeFileSync } from 'node:fs';
import { backlogSvg } from './report.ts';

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: render.ts <run.json> <chart.svg>');
const run = JSON.parse(readFileSync(input, 'utf8'));
const start = Math.min(...run.events.map((e: { at: number }) => e.at));
writeFileSync(output, await backlogSvg(run.backlog, run.events, start));
