import { batches, counter, same, type Db, type Tally } from './batches.ts';

/**
 * The lookup documents the api reads by `_id` instead of scanning a collection on an applicant's path,
 * built for records written before them: `applicationfiles` (an application's file ids, `_id` the
 * application's id), `signatures` (a sign request's id → its application) and `workflowoutboxapps` (an
 * application with outbox entries waiting, naming the newest). Adds what is missing and never removes:
 * the api skips an id whose file is gone.
 */
export async function lookups(db: Db, size: number, dryRun: boolean, n: Tally) {
  const count = counter(n);
  await fileLists(db, size, dryRun, count);
  await signatures(db, size, dryRun, count);
  await outboxMarks(db, size, dryRun, count);
}

type Count = (k: string) => number;

async function fileLists(db: Db, size: number, dryRun: boolean, count: Count) {
  for await (const files of batches(db, 'files', size)) {
    for (const f of files) {
      if (!f.applicationId) continue;
      const _id = String(f.applicationId) as never;
      const list = await db.collection('applicationfiles').findOne({ _id });
      if (list && (list.fileIds as unknown[]).some((id) => same(id, f._id))) {
        count('fileListed');
        continue;
      }
      if (!dryRun)
        if (list) await db.collection('applicationfiles').updateOne({ _id }, { $addToSet: { fileIds: f._id } });
        else await db.collection('applicationfiles').insertOne({ _id, fileIds: [f._id] });
      count('fileEntered');
    }
  }
}

async function signatures(db: Db, size: number, dryRun: boolean, count: Count) {
  for await (const apps of batches(db, 'applications', size)) {
    for (const a of apps) {
      if (typeof a.signatureId !== 'string') continue;
      const _id = a.signatureId as never;
      if (await db.collection('signatures').findOne({ _id })) count('signaturePresent');
      else {
        if (!dryRun) await db.collection('signatures').insertOne({ _id, applicationId: a._id });
        count('signatureAdded');
      }
    }
  }
}

async function outboxMarks(db: Db, size: number, dryRun: boolean, count: Count) {
  for await (const entries of batches(db, 'workflowoutbox', size)) {
    for (const e of entries) {
      const _id = String(e.applicationId) as never;
      const mark = await db.collection('workflowoutboxapps').findOne({ _id });
      const list = await db.collection('workflowoutboxlist').findOne({ _id: 'waiting' as never });
      const listed = (list?.apps as string[] | undefined)?.includes(_id) ?? false;
      // Entries come in `_id` order: the marker's list keeps them oldest first, and the last one seen wins.
      if (
        mark &&
        String(mark.last) >= String(e._id) &&
        (mark.entries as unknown[] | undefined)?.some((id) => same(id, e._id)) &&
        listed
      )
        continue;
      if (!dryRun) {
        const newest = !mark || String(mark.last) < String(e._id);
        await db
          .collection('workflowoutboxapps')
          .updateOne(
            { _id },
            { ...(newest ? { $set: { last: e._id } } : {}), $addToSet: { entries: e._id } },
            { upsert: true },
          );
        await db
          .collection('workflowoutboxlist')
          .updateOne({ _id: 'waiting' as never }, { $addToSet: { apps: _id } }, { upsert: true });
      }
      count('outboxMarked');
    }
  }
}
