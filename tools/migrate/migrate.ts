// `npm run migrate -- --uri <MONGODB_URI> [--dry-run] [--batch=500]`: brings a database written before the
// hot lookups were keyed by `_id` (commits ef036d0 and 80bb361; docs/ferretdb.md, 'Every hot lookup is by
// `_id`') to the shape the api reads now. Run it with the api stopped (or before the new api first serves):
// the api has no transactions to lean on, and neither does this script.
//
// What changes:
// - users: `applicationId` names the user's one application (the one whose userId is the user's), and
//   `usernames` gets `{ _id: userName, userId }`, through which sign-in finds the user;
// - businesses, ownersets, offers, stages, banklinks: `_id` becomes the application's id (owner sets' businessId too,
//   since the business is now under that id); sessions: `_id` becomes tokenHash; codes: `_id` becomes key;
// - revocations: the families revoked in the last day, which replicas now read from there instead of sessions;
// - applicationfiles, signatures, workflowoutboxapps, workflowoutboxlist: the lookup documents
//   the api reads by `_id` rather than scanning (an application's files, a sign request's application, an
//   application with outbox entries waiting and those entries, the applications waiting);
// - revocations, ratelimits, authfailures (no scan on an applicant's path either): revoked families
//   into one document per minute, the rate limiter's unexpired slots into `ratelimitcounts` (per minute of
//   expiry and shard), the last day's wrong answers into one document per key (with the hour that sweeps
//   it); the old-shape documents are removed once copied.
//
// Safe to stop and run again: every step checks what is already done. A record whose `_id` changes is
// first written to `migrationjournal`, then removed, then written under its new `_id`, and its journal
// entry removed last; a run that stopped in between finishes the move from the journal first (the unique
// indexes on applicationId, tokenHash and key forbid holding both copies at once). Counts only are printed:
// never a name, an email or a key (E11000 messages quote the key, so errors print their code alone).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type * as Mongo from 'mongodb';
import { limits, revocations } from './auth-records.ts';
import type { Db } from './batches.ts';
import { lookups } from './lookups.ts';
import { REKEYED, rekey, users } from './rekey.ts';

export { shapes } from './auth-records.ts';
export { JOURNAL } from './rekey.ts';

const { MongoClient, ObjectId } = createRequire(import.meta.url)('mongodb') as typeof Mongo;

export type Counts = Record<string, Record<string, number>>;

export async function migrate(
  db: Db,
  opts: { dryRun?: boolean; batchSize?: number; log?: (line: string) => void; now?: Date } = {},
): Promise<Counts> {
  const { dryRun = false, batchSize = 500, log = () => undefined, now = new Date() } = opts;
  const counts: Counts = {};
  const step = async (name: string, f: (n: Record<string, number>) => Promise<void>) => {
    const n: Record<string, number> = {};
    await f(n);
    counts[name] = n;
    const said = Object.entries(n).map(([k, v]) => `${k} ${v}`);
    log(`${name}: ${said.join(', ') || 'nothing there'}`);
  };
  // Revocations first: they are read off sessions before the sessions move.
  await step('revocations', (n) => revocations(db, batchSize, dryRun, n, now));
  await step('users', (n) => users(db, batchSize, dryRun, n));
  for (const spec of REKEYED) await step(spec.collection, (n) => rekey(db, spec, batchSize, dryRun, n));
  await step('lookups', (n) => lookups(db, batchSize, dryRun, n));
  await step('limits', (n) => limits(db, batchSize, dryRun, n, now));
  return counts;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const uri = arg('uri') ?? process.env.MONGODB_URI;
  if (!uri) {
    console.error('usage: npm run migrate -- --uri <MONGODB_URI> [--dry-run] [--batch=500]');
    process.exit(2);
  }
  const dryRun = process.argv.includes('--dry-run');
  const client = new MongoClient(uri);
  let code = 0;
  try {
    await client.connect();
    console.log(`migrate: ${dryRun ? 'dry run, nothing written' : 'writing'}; database ${client.db().databaseName}`);
    await migrate(client.db(), { dryRun, batchSize: Number(arg('batch') ?? 500), log: (l) => console.log(l) });
    console.log('migrate: done');
  } catch (e) {
    // The code and name only: a driver error's message can quote a document's key (an email).
    const err = e as { name?: string; code?: unknown };
    console.error(
      `migrate: stopped by ${err.name ?? 'an error'}${err.code === undefined ? '' : ` (code ${String(err.code)})`}; run it again to resume`,
    );
    code = 1;
  } finally {
    await client.close();
  }
  process.exit(code);
}

export { ObjectId };
