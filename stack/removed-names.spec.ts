// Names of things the project no longer has must not linger in its files: a reader who meets one looks for
// something that is gone. Each entry says what replaced it. Scanned: every tracked file, except the dated
// records that describe the past as it was (the bench's dated reports, the history page, the decision records
// that say why a thing was replaced) and this file.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './root.ts';

// Matched whatever the case (the S3 server was also met as S3RVER, its credential, and a name is as gone in
// capitals as in small letters), unless `exact`: the engineering notes outside the repository were
// ENGINEERING.md, and the repo's own are docs/engineering.md.
const REMOVED: { name: string; now: string; exact?: boolean }[] = [
  { name: 's3rver', now: 'the local S3 is moto behind stack/s3-front.ts' },
  { name: 'test-support/', now: "the tests' helpers live in tests/support/" },
  { name: '/work/shared', now: 'a file outside the repository: the repo keeps its own notes in docs/' },
  { name: 'ENGINEERING.md', now: "the repo's engineering notes are docs/engineering.md", exact: true },
];
const found = (line: string, { name, exact }: { name: string; exact?: boolean }) =>
  exact ? line.includes(name) : line.toLowerCase().includes(name.toLowerCase());

const RECORDS_OF_THE_PAST = [/^tests\/bench\/results\//, /^docs\/history\.md$/, /^docs\/decisions\//];
const THIS_FILE = 'stack/removed-names.spec.ts';

function trackedTextFiles(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter(Boolean);
  return files.filter((f) => f !== THIS_FILE && !RECORDS_OF_THE_PAST.some((re) => re.test(f)));
}

describe('names of removed things', () => {
  it('appear in no tracked file (file:line of each)', () => {
    const hits: string[] = [];
    for (const file of trackedTextFiles()) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, file), 'utf8');
      } catch {
        continue; // listed by git but not on disk (deleted in the working tree, not yet committed)
      }
      if (text.includes('\0')) continue; // binary
      if (!REMOVED.some((removed) => found(text, removed))) continue;
      text.split('\n').forEach((line, i) => {
        for (const removed of REMOVED)
          if (found(line, removed)) hits.push(`${file}:${i + 1}: ${removed.name} (${removed.now})`);
      });
    }
    expect(hits, 'names of removed things').toEqual([]);
  });
});
