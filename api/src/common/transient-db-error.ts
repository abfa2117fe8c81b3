/**
 * A database error that says 'not now' rather than 'no': the write did not happen (SQLite's single
 * writer lock held past FerretDB's busy timeout, a MongoDB write conflict or step-down, the server out
 * of reach for a moment), so the same request may simply be sent again. The load run with two api
 * replicas answered these as 500s. Matched by name, code and label rather than by class, since mongoose
 * carries its own copy of the driver.
 */
const NETWORK_ERRORS = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
]);
// WriteConflict, LockTimeout, InterruptedAtShutdown, InterruptedDueToReplStateChange, NotWritablePrimary,
// PrimarySteppedDown, ShutdownInProgress, ExceededTimeLimit: MongoDB's own 'try again' answers.
const TRANSIENT_CODES = new Set([112, 24, 11600, 11602, 10107, 189, 91, 262]);
const TRANSIENT_LABELS = ['TransientTransactionError', 'RetryableWriteError'];

export function isTransientDatabaseError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (NETWORK_ERRORS.has(e.name)) return true;
  if (e.name === 'MongooseError' && /buffering timed out/.test(e.message)) return true;
  if (e.name !== 'MongoServerError' && e.name !== 'MongoBulkWriteError') return false;
  const err = e as Error & { code?: unknown; hasErrorLabel?: (label: string) => boolean };
  if (typeof err.code === 'number' && TRANSIENT_CODES.has(err.code)) return true;
  if (TRANSIENT_LABELS.some((l) => err.hasErrorLabel?.(l))) return true;
  // FerretDB on SQLite: 'database is locked (5) (SQLITE_BUSY)' inside an internal error.
  return /\(SQLITE_BUSY\)|\(SQLITE_LOCKED\)/.test(e.message);
}
