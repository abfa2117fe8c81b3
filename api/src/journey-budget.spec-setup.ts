// The budgets of api/src/journey-scans.spec.ts: the most database round trips each api call of its journey may
// take, and the journey's total (kept here so that the spec stays readable).
import type { LoggedCommand } from '../../tests/support/mongo-query-log';

/**
 * Housekeeping a request may set off now and then, whatever it asks (not the call's own work): the
 * revocations poll (at most once a second per replica) and its prune, the sweeps of expired slots and failures.
 */
export const isPeriodic = (c: LoggedCommand) =>
  // Mongoose's collections and indexes, made once at start-up (they may still be on their way).
  ['create', 'createIndexes', 'listIndexes', 'listCollections'].includes(c.command) ||
  (c.collection === 'revocations' && (c.command === 'find' || c.command === 'delete')) ||
  // The outbox drain's read of the applications waiting (a timer, every OUTBOX_DRAIN_INTERVAL).
  (c.collection === 'workflowoutboxlist' && c.command === 'find') ||
  // The sweeps of passed minutes' counts and of day-old failures (with the hour's list of them).
  (c.collection === 'ratelimitcounts' && c.command === 'delete') ||
  (c.collection === 'authfailures' && c.command === 'delete') ||
  (c.collection === 'authfailures' && c.command === 'find' && String(c.filter._id).startsWith('h:'));

/**
 * 'fewer FerretDB reads and writes per api call': the most round trips one call of each route
 * may take on this journey (each carries one find, findOne, update, insert, delete, findAndModify or
 * aggregate today), and the journey's total. The periodic housekeeping (isPeriodic) is no call's own.
 */
export const BUDGET: Record<string, number> = {
  // 13 before the name's key and the first code were inserted first (a new address has neither).
  'POST /auth/register': 10,
  // 16 before the throttle's two slots went back in one write and the payload key was inserted first.
  'POST /auth/confirm-signup': 16, // 14, until its answer carried the signed-in user (GET /auth/user's 3 gone)
  'GET /auth/user': 3,
  // 2 until the session's read (sign-up's answer) let the api learn the application's owner.
  'GET /business/application/:id': 1,
  // A page's draft: read by `_id`; a save is its rate limit and one write, the draft on file read only for a
  // mask sent back in a secret field (3 before, every save).
  'GET /draft/:id/financial': 1,
  'PUT /draft/:id/financial': 2,
  'PUT /draft/:id/owners': 2,
  // Each save drops its page's draft (one delete by `_id`), where the web sent a DELETE call after it.
  'PATCH /business/:id': 4,
  'POST /owner': 1,
  'PATCH /owner/:id': 4,
  'GET /stage/:id': 1,
  // A forward move reads only the section of the step it leaves, no saved stage (a re-save it
  // cannot be), and clears the lead changes it carried; the api knows what its page's saves left waiting
  // (each save's write answers what pendingleads held), so the move does not read them (5 before).
  'POST /stage/:id/next': 4,
  'POST /box/sign': 1,
  // 3, and 2 when no process holds the application's payload key (kept 60 s): the signal the webhook
  // sends is sealed with it, read (and unwrapped) from applicationkeys.
  'POST /webhooks/box': 5,
  // The application a user's record names is kept once read (it never changes): the poll reads
  // the application alone; the read that finds it signed writes the saved stage on (the workflow moved it).
  'GET /box/:id': 2,
  // A File row never changes: the rows this api read or wrote are kept (files/file-rows.ts), so the
  // names in use, a keyed repeat and the offers' statements come from the application's list alone.
  // The bank-statements page's status: the application, the bank link by `_id` (its application's id, no
  // scan of banklinks), the business's country (statements are offered in the US only).
  'GET /bank/application/:id': 3,
  'POST /file/s3': 9,
  'GET /file/application/:id': 3,
  // The statements go with the submission (their list and each file by `_id`), where each upload
  // at that step signalled (and read the outbox marker) before; and one write beside the stage's that
  // records the statements taken, so the session says so while a CRM outage holds the opportunity back.
  // 5 measured; 6 once in nine runs on a loaded machine (a read more, not reproduced): room for timing.
  'POST /application/:id/submit-statements': 6,
  // The pricing made with the statements checked (business, owners) instead of a workflow update.
  'POST /offer': 5,
  'PATCH /offer/:id': 4,
  'POST /application/:id/submit-application': 6,
  // Once the run has closed, the first read keeps its final progress, the documents it went without and the
  // owners' names on the record (5, once, for a replay of its history in the worker on every read before);
  // the next reads the application alone, and later polls nothing (the view of a closed record is kept).
  'GET /application/:id/progress': 5,
  // The booking view's rep: the application alone (its kept progress holds the rep).
  'GET /salesforce/opportunity/calandly/:id': 1,
};
/**
 * The journey's total, without the sign request's status polls and Box's webhook deliveries: how many
 * of those come follows the timing (each is held to its own budget above).
 */
// 132, 124 to 128, 109, 112, 114 (git log of this file); 113: the sign-up's answer carries the signed-in user
// (2 reads for 3); 114: the move onto the signature keeps the signing it started (a write), taken by
// POST /box/sign (its one findAndModify) instead of a workflow update. 117 with the three draft calls (120
// before the business's read and the drafts' saves were cut). 120 with the bank-statements page's status read (3).
export const JOURNEY_BUDGET = 120;
export const TIMED = [
  'GET /box/:id',
  'POST /webhooks/box',
  // As many as the page stays open (the status page polls every 30 s).
  'GET /application/:id/progress',
  'GET /salesforce/opportunity/calandly/:id',
];
