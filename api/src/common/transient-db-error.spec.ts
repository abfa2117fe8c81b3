import { mongo } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { errorAnswer } from './http-exception.filter';

// FerretDB's answer when SQLite's write lock stayed taken past its busy timeout (from the load run's log).
const FERRETDB_BUSY =
  '[msg_update.go:133 handler.(*Handler).updateDocument] [update.go:114 common.UpdateDocument] ' +
  '[collection.go:191 sqlite.(*collection).UpdateAll] [db.go:134 fsql.(*DB).InTransaction] database is locked (5) (SQLITE_BUSY)';

describe('a database that says "not now" answers 503 TRY_AGAIN, anything else from it 500', () => {
  it('FerretDB busy (SQLITE_BUSY): 503, Retry-After 1, the code the web client sends again on', () => {
    const answer = errorAnswer(new mongo.MongoServerError({ errmsg: FERRETDB_BUSY, code: 1, ok: 0 }));
    expect(answer).toMatchObject({ status: 503, retryAfter: 1, transient: true });
    expect(answer.body.data).toEqual({
      message: 'Something went wrong',
      messageCode: 'account.somethingWentWrong',
      code: 'TRY_AGAIN',
    });
    // The answer names nothing of the database.
    expect(JSON.stringify(answer.body)).not.toMatch(/SQLITE|sqlite|locked/);
  });

  it("MongoDB's write conflict and its transient label: 503", () => {
    expect(errorAnswer(new mongo.MongoServerError({ errmsg: 'WriteConflict', code: 112, ok: 0 })).status).toBe(503);
    const labelled = new mongo.MongoServerError({ errmsg: 'x', code: 251, ok: 0 });
    labelled.addErrorLabel('TransientTransactionError');
    expect(errorAnswer(labelled).status).toBe(503);
  });

  it('the database out of reach (a real server selection that finds nothing): 503', async () => {
    const client = new mongo.MongoClient('mongodb://127.0.0.1:1/x', { serverSelectionTimeoutMS: 100 });
    const e = await client
      .db()
      .collection('x')
      .findOne({})
      .catch((err: unknown) => err);
    await client.close();
    expect((e as Error).name).toBe('MongoServerSelectionError');
    expect(errorAnswer(e).status).toBe(503);
  });

  it('a duplicate key, another server error or a bug: 500, as before', () => {
    expect(errorAnswer(new mongo.MongoServerError({ errmsg: 'E11000 duplicate key', code: 11000, ok: 0 })).status).toBe(
      500,
    );
    expect(errorAnswer(new mongo.MongoServerError({ errmsg: 'bad', code: 2, ok: 0 })).status).toBe(500);
    expect(errorAnswer(new Error('database is locked (5) (SQLITE_BUSY)')).status).toBe(500);
  });
});
