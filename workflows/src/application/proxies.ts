import {
  proxyActivities,
  proxyLocalActivities,
  type ActivityOptions,
  type LocalActivityOptions,
} from '@temporalio/workflow';
import { NON_RETRYABLE_ERRORS, documentTaskQueue, type ApplicationActivities } from './activities';

/**
 * Every activity the application workflow calls, with its timeouts and retries set once, here. The
 * workflow imports activity types only; the worker implements them (worker/src/worker.ts).
 *
 * Most calls are local activities: the worker runs them inside the workflow task that asks for them, so
 * each costs a marker in history instead of an activity task and one more workflow task. Two stay
 * activity tasks, each for a reason given where it is made.
 */
const nonRetryableErrorTypes = [...NON_RETRYABLE_ERRORS];

/**
 * The run's local activities run one at a time: a call made while another is in flight starts once that
 * one has settled. Two in flight together can resolve in one activation when first run, but each in its
 * own on replay, so the commands their callers make after them interleave differently and the replay is
 * nondeterministic (a known behaviour of the SDK, with no flag to change it). This module's state is the
 * run's own: the worker loads the workflow's modules per run (no preloadModules).
 */
let inFlight: Promise<unknown> | undefined;

function oneAtATime<T>(call: () => Promise<T>): Promise<T> {
  const before = inFlight;
  // Nothing in flight: called at once, so that its command keeps its place among the task's others.
  const result = before ? before.then(call) : call();
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  inFlight = settled;
  void settled.then(() => {
    if (inFlight === settled) inFlight = undefined;
  });
  return result;
}

/** A local-activity proxy whose calls wait their turn (oneAtATime). */
const queued = <T extends object>(proxy: T): T =>
  new Proxy(proxy, {
    get: (target, name) => {
      const method = Reflect.get(target, name) as (...args: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) => oneAtATime(() => method(...args));
    },
  });

/**
 * The CRM calls of the sync (the lead, its changes, its conversion, the document copies): a few tries
 * inside the activity, then the workflow notes the failure for operators (LastError, CrmSyncPending) and
 * waits out its own back-off (CRM_BACKOFF_MS), which the operators' 'retry CRM sync' cuts short, without
 * end. The lead's creation and the conversion keep the id they get on the application record in the same
 * call: a write that fails is retried so (DATABASE_UNAVAILABLE), and the retry finds what the CRM made.
 */
const CRM_OPTIONS: ActivityOptions & LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '10 seconds',
    maximumAttempts: 5,
    nonRetryableErrorTypes,
  },
};

/**
 * The sync's own CRM calls run in the worker, one local activity at a time with the applicant's: their
 * tries are kept short (3 of 10 seconds, 1 and 2 seconds apart: 33 seconds at most) so that a Salesforce
 * outage holds an applicant's call queued behind one for half a minute at most, not the 2 minutes 45
 * of five tries of 30; the workflow's own back-off (CRM_BACKOFF_MS) takes over after them.
 */
const CRM_LOCAL_OPTIONS: LocalActivityOptions = {
  startToCloseTimeout: '10 seconds',
  retry: { ...CRM_OPTIONS.retry, maximumAttempts: 3 },
};
export const crm = queued(proxyLocalActivities<ApplicationActivities>(CRM_LOCAL_OPTIONS));

/** The workflow's own back-off between rounds of CRM tries: 30 s, doubling, at most 30 minutes. */
export const CRM_BACKOFF_MS = { first: 30_000, max: 30 * 60_000 };

/**
 * The affiliate check, an activity task that keeps trying with back-off: the applicant never waits on it,
 * and a refusal only drops the affiliate.
 */
export const affiliates = proxyActivities<Pick<ApplicationActivities, 'checkCrmAffiliate'>>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes', nonRetryableErrorTypes },
});

/** A copy's time: the CRM calls' 30 seconds for each document it carries. */
const copyTimeout = (documents: number) => `${30 * Math.max(1, documents)} seconds` as const;

/**
 * The document copies (uploadContentVersions): activity tasks on the documents task queue beside the
 * application's own (the worker polls both), so a slow or stuck copy never takes a slot a lead update
 * needs. Made for each call, which knows its task queue and how many documents it copies: each has the
 * CRM calls' 30 seconds, as when every document was a task of its own.
 */
export const documentCopies = (taskQueue: string, documents = 1) =>
  proxyActivities<Pick<ApplicationActivities, 'uploadContentVersions'>>({
    ...CRM_OPTIONS,
    startToCloseTimeout: copyTimeout(documents),
    taskQueue: documentTaskQueue(taskQueue),
  });

/**
 * The final submission's copy (the voided check, the driver's license): a local activity in the submission's
 * own workflow task, which waits for it anyway, so no activity task and no workflow task of its own (five
 * history events fewer). The sync's three quick tries: an outage leaves the documents to the loop above. The
 * worker bounds the copies it holds in memory at once, of both kinds together (COPIES_AT_ONCE).
 */
export const documentCopiesWaited = (documents = 1) =>
  queued(
    proxyLocalActivities<Pick<ApplicationActivities, 'uploadContentVersions'>>({
      ...CRM_LOCAL_OPTIONS,
      startToCloseTimeout: copyTimeout(documents),
    }),
  );

/** The applicant waits on these: a few quick tries, then the page says so and offers to try again. */
const WAITED_OPTIONS: ActivityOptions & LocalActivityOptions = {
  startToCloseTimeout: '60 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 3, nonRetryableErrorTypes },
};
export const waited = queued(proxyLocalActivities<ApplicationActivities>(WAITED_OPTIONS));

/**
 * The lead's conversion in an applicant's own call (the statements' submission, and the final one while the
 * conversion is still owed): two tries of 10 seconds, a second apart. Salesforce down or hanging then answers
 * the applicant within about 21 s (33 s more behind a sync call already in flight: inside a proxy's 60 s),
 * where the applicant's three tries of 60 took up to three minutes. The lead loop converts it later otherwise.
 */
export const conversionWaited = queued(
  proxyLocalActivities<Pick<ApplicationActivities, 'convertCrmLead'>>({
    startToCloseTimeout: '10 seconds',
    retry: { initialInterval: '1 second', maximumAttempts: 2, nonRetryableErrorTypes },
  }),
);

/**
 * The offers priced ahead, in the statements' submission's workflow task: one quick try. The applicant
 * waits on the submission, which this must not hold up; a failure leaves the pricing to the offers page's
 * own calculation on load (waited, above).
 */
export const ahead = queued(
  proxyLocalActivities<Pick<ApplicationActivities, 'calculateOffers'>>({
    startToCloseTimeout: '5 seconds',
    retry: { maximumAttempts: 1 },
  }),
);

/**
 * The signing started with the move onto the signature, in the move's workflow task: one try of five
 * seconds at most (Box answers in one or two, the document's conversion included). Box down or slow must
 * not hold the move up longer: a failure leaves the signing to the signature page's own start (waited,
 * above), which finds a request this try made (prepareSignRequest is idempotent per attempt).
 */
export const signingAhead = queued(
  proxyLocalActivities<Pick<ApplicationActivities, 'prepareSignRequest' | 'getSignRequest'>>({
    startToCloseTimeout: '5 seconds',
    retry: { maximumAttempts: 1 },
  }),
);
