/**
 * The workflow's patches (`patched()` markers), each checked once at the start of a run (the offer-mail one
 * where it applies). Runs recorded before a patch replay without its marker and keep their old course.
 */

/**
 * Issue 12's life cycle (completion, continue-as-new, stall clock, operator signals, bounded CRM retries
 * with their errors visible). Runs started before it replay without the marker and keep their old
 * course (legacy.ts) until their next event, when they carry their state into a run that has it.
 */
export const LIFECYCLE_PATCH = 'issue-12-lifecycle';

/**
 * Issue 14: fewer round trips through Temporal for the same journey. The short record writes run as local
 * activities (in the worker, inside the workflow task: no activity task, no extra workflow task); the
 * submission asks the CRM for the rep and sends the offer email at once; StalledSince moves by whole
 * minutes, so progress within a minute upserts nothing. Runs started before it replay as they ran.
 */
export const FEWER_ROUND_TRIPS_PATCH = 'issue-14-fewer-round-trips';

/**
 * Issue 24: every CRM refusal is survivable and visible. A refused lead creation holds the lead changes
 * (never sent without a lead id) until 'retry CRM sync' (with a corrected input, if any) creates the
 * lead; LastError carries Salesforce's code; bank statements move the journey on when the lead or its
 * conversion is not there yet (the CRM room converts it later); document copies run in their own loop
 * on the documents task queue, so a failing copy never holds back a lead update; a refused opportunity
 * update still submits the application. Runs started before it replay as they ran.
 */
export const CRM_REFUSALS_PATCH = 'issue-24-crm-refusals';

/**
 * Issue 24: a mail service's permanent refusal (a 5xx) of the offer email does not fail the applicant's
 * step: the journey goes on and operators see LastError OFFER_EMAIL_FAILED:MAIL_REJECTED. Runs started
 * before it replay as they ran (the refusal failed the update).
 */
export const OFFER_MAIL_REFUSED_PATCH = 'issue-24-offer-mail-refused';

/**
 * Issue 26: fewer workflow tasks per journey. The calls the journey makes to the CRM (the lead, its
 * changes, its conversion), to the e-signature service, the offer service and the mail service run as
 * local activities, in the worker inside the workflow task that asks for them: no activity task and no
 * further workflow task for each. Same options, retries and failures as before; the document copies
 * stay on their own task queue (issue 24) and the opportunity's final update stays an activity task. With
 * it too: search attributes changed and changed back within one workflow task are upserted once
 * (ApplicationRun.hold), and the signing watcher keeps one poll timer across webhook events. Runs started
 * before it replay as they ran.
 */
export const LOCAL_CALLS_PATCH = 'issue-26-local-calls';

/**
 * Issue 26, third round: one marker for every patch above. A run that records it has all of them from its
 * first command (the life cycle, fewer round trips, survivable refusals, local calls, the offer mail's
 * refusal) without asking for each: each patch asked records a marker and an upsert of
 * TemporalChangeVersion (the SDK's core adds one per patch), so a new application's history began with 8
 * events and 4 visibility writes before its first own command; now 2 and 1. Runs recorded before it have
 * no such marker and replay as they ran, asking the patches one by one. Patches after this one are asked
 * as usual (a future run records this marker and theirs).
 */
export const ALL_PATCHES_OF_ISSUE_26 = 'issue-26-all-patches';

/*
 * Issue 26, second round (fewer signals) has no patch of its own: it adds no command to a recorded course.
 * Stage moves may carry the lead changes (moveStage's `lead`), 'submit statements' and 'submit application'
 * the bank statements, and hand-overs carry a `leadSeq`; a history recorded before has none of these in
 * its messages, so it replays with the same commands (and a patch would cost every run a marker and an
 * upsert). Its own history: application-journey-issue-26-fewer-signals.pb.
 */
